import {describe, expect, it} from 'vitest';
import {parseCollectionFile, serializeCollection} from '../../../../source/core/formats/curlew-format.js';
import {createCollection, createRequest, type Body, type BodyType} from '../../../../source/core/model.js';
import {resolveRequest} from '../../../../source/core/resolve-request.js';
import {bodyWithText, changeBodyType, editableBodyTypes, keptForOtherTypes, typeToEdit} from '../../../../source/tui/panes/request/body-type.js';
import {looksLikeForm} from '../../../../source/tui/panes/request/form-lines.js';

const json = '{\n\t"id": {{userId}},\n\t"name": "Ada"\n}';

/** The bodies met cycling with t from `body`, one per press. */
function cycleFrom(body: Body, presses: number): Body[] {
	const seen: Body[] = [];
	let current = body;
	for (let press = 0; press < presses; press++) {
		const types: readonly BodyType[] = editableBodyTypes;
		const next = types[(types.indexOf(current.type) + 1) % types.length]!;
		current = changeBodyType(current, next);
		seen.push(current);
	}

	return seen;
}

describe('changeBodyType', () => {
	it('keeps JSON text through text, form and none, and brings it back unchanged', () => {
		const seen = cycleFrom({type: 'json', text: json}, 4);
		expect(seen).toEqual([
			{type: 'text', text: json},
			{type: 'form', fields: [], text: json},
			{type: 'none', text: json},
			{type: 'json', text: json},
		]);
	});

	it('turns a form into name=value lines and back into the same fields', () => {
		const fields = [{name: 'user', value: 'ann'}, {name: 'note', value: 'a=b'}, {name: 'empty', value: ''}];
		const seen = cycleFrom({type: 'form', fields}, 4);
		expect(seen).toEqual([
			{type: 'none', fields},
			{type: 'json', text: 'user=ann\nnote=a=b\nempty='},
			{type: 'text', text: 'user=ann\nnote=a=b\nempty='},
			{type: 'form', fields},
		]);
	});

	it('goes from a multipart, file or GraphQL body to none with t, keeping its parts, file and variables', () => {
		const types: readonly BodyType[] = editableBodyTypes;
		const parts = [{type: 'file' as const, name: 'f', file: '/tmp/f.bin'}];
		expect(types[(types.indexOf('multipart') + 1) % types.length]).toBe('none');
		expect(changeBodyType({type: 'multipart', parts}, 'none')).toEqual({type: 'none', parts});
		expect(changeBodyType({type: 'file', file: '/tmp/b.bin'}, 'none')).toEqual({type: 'none', file: '/tmp/b.bin'});
		expect(changeBodyType({type: 'graphql', text: '{ me }', variables: '{}'}, 'json')).toEqual({type: 'json', text: '{ me }', variables: '{}'});
	});

	it('keeps form fields that lines cannot say exactly (a turned-off field, a value over two lines) beside their text', () => {
		const fields = [{name: 'a', value: '1', enabled: false}, {name: 'b', value: 'two\nlines'}];
		const asText = changeBodyType({type: 'form', fields}, 'text');
		expect(asText).toEqual({type: 'text', text: 'a=1\nb=two\nlines', fields});
		expect(changeBodyType(asText, 'form')).toEqual({type: 'form', fields, text: 'a=1\nb=two\nlines'});
	});

	it('fills a form from text only when every line is name=value, keeping text it cannot give back exactly', () => {
		expect(changeBodyType({type: 'text', text: 'a=1\nb=2'}, 'form')).toEqual({type: 'form', fields: [{name: 'a', value: '1'}, {name: 'b', value: '2'}]});
		expect(changeBodyType({type: 'text', text: 'a = 1'}, 'form')).toEqual({type: 'form', fields: [{name: 'a', value: ' 1'}], text: 'a = 1'});
		expect(changeBodyType({type: 'text', text: 'a=1\nplain'}, 'form')).toEqual({type: 'form', fields: [], text: 'a=1\nplain'});
	});

	it('shows what each type holds when both are kept, converting nothing', () => {
		const body: Body = {type: 'json', text: json, fields: [{name: 'a', value: '1'}]};
		expect(changeBodyType(body, 'form')).toEqual({type: 'form', fields: [{name: 'a', value: '1'}], text: json});
		expect(changeBodyType(changeBodyType(body, 'form'), 'json')).toEqual(body);
	});
});

describe('editing a body as text', () => {
	it('saves typed text into the slot of its type and keeps the other', () => {
		expect(bodyWithText({type: 'form', fields: [], text: json}, 'form', 'x=1')).toEqual({type: 'form', fields: [{name: 'x', value: '1'}], text: json});
		expect(bodyWithText({type: 'json', text: '', fields: [{name: 'a', value: '1'}]}, 'json', '{}')).toEqual({type: 'json', text: '{}', fields: [{name: 'a', value: '1'}]});
	});

	it('makes a body of type none JSON or text by what was typed', () => {
		expect(bodyWithText({type: 'none'}, 'none', '{"a": 1}')).toEqual({type: 'json', text: '{"a": 1}'});
		expect(bodyWithText({type: 'none'}, 'none', 'hello')).toEqual({type: 'text', text: 'hello'});
	});

	it('opens a body of type none as a form when only fields are kept, as JSON otherwise', () => {
		expect(typeToEdit({type: 'none', fields: [{name: 'a', value: '1'}]})).toBe('form');
		expect(typeToEdit({type: 'none', text: json})).toBe('json');
		expect(typeToEdit({type: 'none'})).toBe('json');
	});

	it('says what a body keeps for other types', () => {
		expect(keptForOtherTypes({type: 'json', text: json})).toBeUndefined();
		expect(keptForOtherTypes({type: 'form', fields: [], text: json})).toBe('Kept aside: text of 4 lines (t switches type)');
		expect(keptForOtherTypes({type: 'none', text: 'x', fields: [{name: 'a', value: '1'}]})).toBe('Kept aside: text of 1 line and 1 form field (t switches type)');
	});

	it('reads name=value lines as a form, and nothing else', () => {
		expect(looksLikeForm('a=1\n\nb=')).toBe(true);
		expect(looksLikeForm(json)).toBe(false);
		expect(looksLikeForm('=1')).toBe(false);
		expect(looksLikeForm('')).toBe(false);
	});
});

describe('a body keeping both slots', () => {
	const bodies: Body[] = [
		{type: 'none', text: json, fields: [{name: 'a', value: '1'}]},
		{type: 'form', fields: [{name: 'a', value: '1', enabled: false}], text: json},
		{type: 'json', text: json, fields: [{name: 'a', value: '1'}]},
	];

	it('round-trips through curlew export and import', () => {
		const collection = createCollection({name: 'Kept', requests: bodies.map((body, index) => createRequest({name: `r${index}`, body}))});
		const imported = parseCollectionFile(serializeCollection(collection));
		expect(imported.requests.map(request => request.body)).toEqual(bodies);
	});

	it('sends only the body of its type', () => {
		const send = (body: Body) => resolveRequest(createRequest({method: 'POST', url: 'http://a.test', body}), {userId: 7}).prepared?.body;
		expect(send(bodies[0]!)).toBeUndefined();
		expect(send(bodies[1]!)).toBe('');
		expect(send(bodies[2]!)).toBe('{\n\t"id": 7,\n\t"name": "Ada"\n}');
		expect(send({type: 'form', fields: [{name: 'a', value: '1'}], text: json})).toBe('a=1');
	});
});
