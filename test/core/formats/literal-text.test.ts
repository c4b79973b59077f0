import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';
import {jsonFromLiteralText, literalText, withoutEscapes} from '../../../source/core/formats/literal-text.js';
import {serializePostmanCollection} from '../../../source/core/formats/postman-format.js';
import {createCollection, createRequest} from '../../../source/core/model.js';
import {readPostmanCollection} from '../../../source/core/formats/postman-import.js';

/** Text of backslashes, braces and letters: what makes escapes hard. */
const awkwardText = fc.array(fc.constantFrom('\\', '{', '}', 'a', '{{', '\\\\', ' '), {maxLength: 30}).map(parts => parts.join(''));

describe('text from a format without placeholders', () => {
	it('is sent as written from a URL, a header or a text body (property)', () => {
		fc.assert(fc.property(awkwardText, text => {
			const template = literalText(text);
			expect(interpolate(template, {}).text).toBe(text);
			expect(interpolate(template, {}).problems).toEqual([]);
		}), {numRuns: 3000});
	});

	it('keeps backslashes before a live placeholder that follows it', () => {
		expect(interpolate(`${literalText(String.raw`C:\Users\\`, true)}{{user}}`, {user: 'ada'}).text).toBe(String.raw`C:\Users\\ada`);
	});

	it('is sent as written from a JSON string where it is valid JSON, and says so when it is not', () => {
		fc.assert(fc.property(awkwardText, text => {
			// Valid JSON string content: every backslash escapes another.
			const content = text.replaceAll('\\', '\\\\');
			const body = jsonFromLiteralText(literalText(`{"a":"${content}"}`));
			expect(body.exact).toBe(true);
			const sent = interpolate(body.text, {}, {context: 'json'});
			expect(sent.text).toBe(`{"a":"${content}"}`);
			expect(JSON.parse(sent.text)).toEqual({a: text});
		}), {numRuns: 3000});
		expect(jsonFromLiteralText(literalText(String.raw`{"b":"\{{y}}"}`))).toEqual({text: String.raw`{"b":"\\\{{y}}"}`, exact: false});
	});
});

describe('text from a tool whose placeholders have no escape', () => {
	it('sends a backslash before a placeholder, and the value, as Postman does', () => {
		const {collection} = readPostmanCollection({
			info: {name: 'Paths', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
			variable: [{key: 'user', value: 'ada'}, {key: 'home', value: String.raw`C:\{{user}}`}],
			item: [{
				name: 'r',
				request: {
					method: 'POST',
					url: String.raw`http://127.0.0.1/p?dir=C:\{{user}}`,
					header: [{key: 'X-Path', value: String.raw`C:\Users\{{user}}`}],
					body: {mode: 'raw', raw: String.raw`path=C:\\{{user}}\docs`},
				},
			}],
		});
		const variables = Object.fromEntries(collection.variables.map(variable => [variable.name, variable.value]));
		const [request] = collection.requests;
		expect(interpolate(request!.url, variables).text).toBe(String.raw`http://127.0.0.1/p?dir=C:\ada`);
		expect(interpolate(request!.headers[0]!.value, variables).text).toBe(String.raw`C:\Users\ada`);
		expect(interpolate(request!.body.text!, variables).text).toBe(String.raw`path=C:\\ada\docs`);
		expect(interpolate('{{home}}', variables).text).toBe(String.raw`C:\ada`);
	});

	it('keeps a JSON body that is valid JSON, and notes one that is not', () => {
		const imported = readPostmanCollection({
			info: {name: 'Json', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
			item: [
				{name: 'valid', request: {method: 'POST', url: 'http://127.0.0.1/', body: {mode: 'raw', raw: String.raw`{"p":"C:\\{{user}}"}`, options: {raw: {language: 'json'}}}}},
				{name: 'invalid', request: {method: 'POST', url: 'http://127.0.0.1/', body: {mode: 'raw', raw: String.raw`{"p":"C:\{{user}}"}`, options: {raw: {language: 'json'}}}}},
			],
		});
		const [valid, invalid] = imported.collection.requests;
		expect(JSON.parse(interpolate(valid!.body.text!, {user: 'ada'}, {context: 'json'}).text)).toEqual({p: String.raw`C:\ada`});
		expect(JSON.parse(interpolate(invalid!.body.text!, {user: 'ada'}, {context: 'json'}).text)).toEqual({p: String.raw`C:\ada`});
		expect(imported.notes).toContainEqual(expect.stringMatching(/^invalid: its JSON body has a backslash right before \{\{, which is not JSON/));
		expect(imported.notes.filter(note => note.startsWith('valid:'))).toEqual([]);
	});
});

/** What Postman sends for a template: every {{name}} filled, backslashes and all kept as they are. */
function postmanSends(template: string, variables: Record<string, string>): string {
	return template.replace(/\{\{([a-z]+)\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

describe('text for a tool whose placeholders have no escape', () => {
	const pieces = fc.array(fc.constantFrom('\\', 'a', ' ', '{{x}}', '{{y}}', '\\\\{{x}}'), {maxLength: 20}).map(parts => parts.join(''));

	it('means in Postman what it means in curlew, in text (property)', () => {
		fc.assert(fc.property(pieces, template => {
			const written = withoutEscapes(template, false);
			const sent = interpolate(template, {x: 'X', y: 'Y'});
			if (written.exact) {
				expect(postmanSends(written.text, {x: 'X', y: 'Y'})).toBe(sent.text);
			}
		}), {numRuns: 3000});
	});

	it('exports a collection to Postman with its backslashes meaning the same, and names each literal {{ it cannot keep', () => {
		const collection = createCollection({
			name: 'Paths',
			variables: [{name: 'user', value: 'ada'}, {name: 'home', value: String.raw`C:\\{{user}}`}],
			requests: [createRequest({
				name: 'r',
				method: 'POST',
				url: String.raw`http://127.0.0.1/p?dir=C:\\{{user}}&keep=\{{user}}`,
				headers: [{name: 'X-Path', value: String.raw`C:\Users\\{{user}}`, enabled: true}],
				body: {type: 'json', text: String.raw`{"p":"C:\\{{user}}"}`},
			})],
		});
		const file = JSON.parse(serializePostmanCollection(collection));
		const request = file.item[0].request;
		expect(request.url).toBe(String.raw`http://127.0.0.1/p?dir=C:\{{user}}&keep={{user}}`);
		expect(request.header[0].value).toBe(String.raw`C:\Users\{{user}}`);
		expect(request.body.raw).toBe(String.raw`{"p":"C:\\{{user}}"}`);
		expect(file.variable[1].value).toBe(String.raw`C:\{{user}}`);
		expect(file.info.description).toContain('Postman has no way to write a literal {{ (\\{{ in curlew): it reads these as placeholders: the URL of "r".');
	});
});
