import {afterEach, describe, expect, it} from 'vitest';
import {Session} from '../../../../source/core/session/session.js';
import {openStore} from '../../../../source/core/store/store.js';
import {previewLines} from '../../../../source/tui/panes/request/preview-lines.js';
import {makeConfigDir} from '../../../core/store/config-dir.js';

let session: Session | undefined;
afterEach(async () => {
	await session?.close();
	session = undefined;
});

async function previewOf(body: string) {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({name: 'API', variables: [{name: 'known', value: {present: 1}}]});
	store.addRequest(id, {name: 'Bulk', method: 'POST', url: 'http://api.test/bulk', body: {type: 'json', text: body}});
	const collection = store.getCollection(id)!;
	session = new Session(store);
	const preview = await session.preview(collection, collection.requests[0]!, {env: {}});
	return {preview, lines: previewLines(preview, collection.requests[0]!)};
}

describe('the Preview\'s problems and JSON warning', () => {
	it('shows the first 20 of a large body\'s, then one line that counts the rest by kind, then the request', async () => {
		const element = Array.from({length: 19}, (_, index) => `"f${index}": {{v${index}}}`).join(', ');
		const {preview, lines} = await previewOf(`[\n${Array.from({length: 3000}, () => `{${element}, "p": {{known.missing}}}`).join(',\n')}\n]`);
		expect(preview.problems).toHaveLength(60_000);
		const warnings = lines.filter(line => line.tone === 'warning').map(line => line.text);
		expect(warnings).toHaveLength(22);
		expect(warnings[0]).toBe('⚠ body, line 2, column 8: {{v0}}: no variable named "v0" is defined in the collection, the environment or the runtime');
		expect(warnings[19]).toMatch(/^⚠ body, line 2, column \d+: \{\{known\.missing\}\}/);
		expect(warnings[20]).toBe('⚠ …and 59,980 more problems: undefined variable ×56,981, unresolved path ×2,999');
		expect(warnings[21]).toBe('⚠ The body is sent as JSON but is not valid JSON at line 2, column 9: expected a property name in double quotes, found "{"');
		expect(lines[21]).toEqual({text: 'POST http://api.test/bulk'});
	});

	it('says where a body is not valid JSON by line and column of the body as sent, at any depth', async () => {
		const items = Array.from({length: 20_000}, (_, index) => `  {"id": {{known.present}}, "n": ${index}},`);
		items[5000] = '  {"id": {{known.present}}, "n": 5000, }';
		const {preview, lines} = await previewOf(`[\n${items.join('\n').slice(0, -1)}\n]`);
		expect(preview.problems).toEqual([]);
		// Column 24 of the line as sent, `  {"id": 1, "n": 5000, }`, which the Preview shows below.
		expect(lines.filter(line => line.tone === 'warning')).toEqual([{text: '⚠ The body is sent as JSON but is not valid JSON at line 5002, column 24: expected a property name in double quotes, found "}"', tone: 'warning'}]);

		const deep = await previewOf(`${'['.repeat(1000)}1 2${']'.repeat(1000)}`);
		expect(deep.lines.filter(line => line.tone === 'warning').map(line => line.text)).toEqual(['⚠ The body is sent as JSON but is not valid JSON at line 1, column 1003: expected "," or "]" after the array element, found "2"']);
	});

	it('lists 20 problems whole, with no line for others', async () => {
		const {lines} = await previewOf(`[${Array.from({length: 20}, (_, index) => `{{u${index}}}`).join(', ')}]`);
		const warnings = lines.filter(line => line.tone === 'warning').map(line => line.text);
		expect(warnings).toHaveLength(21);
		expect(warnings.at(-2)).toMatch(/^⚠ body, line 1, column \d+: \{\{u19\}\}/);
		expect(warnings.some(text => text.includes('more problem'))).toBe(false);
	});
});
