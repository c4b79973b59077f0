import {afterEach, describe, expect, it} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import {openStore} from '../../../source/core/store/store.js';
import {previewLines} from '../../../source/tui/panes/request-pane.js';
import {makeConfigDir} from '../../core/store/config-dir.js';

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

describe('the Preview\'s problems', () => {
	it('shows the first 20 of a large body\'s, then one line that counts the rest by kind, then the request', async () => {
		const element = Array.from({length: 19}, (_, index) => `"f${index}": {{v${index}}}`).join(', ');
		const {preview, lines} = await previewOf(`[\n${Array.from({length: 3000}, () => `{${element}, "p": {{known.missing}}}`).join(',\n')}\n]`);
		expect(preview.problems).toHaveLength(60_000);
		const warnings = lines.filter(line => line.tone === 'warning').map(line => line.text);
		expect(warnings).toHaveLength(22);
		expect(warnings[0]).toBe('⚠ body, line 2, column 8: {{v0}}: no variable named "v0" is defined in the collection, the environment or the runtime');
		expect(warnings[19]).toMatch(/^⚠ body, line 2, column \d+: \{\{known\.missing\}\}/);
		expect(warnings[20]).toBe('⚠ …and 59,980 more problems: undefined variable ×56,981, unresolved path ×2,999');
		expect(warnings[21]).toMatch(/^⚠ The body is sent as JSON but is not valid JSON/);
		expect(lines[21]).toEqual({text: 'POST http://api.test/bulk'});
	});

	it('lists 20 problems whole, with no line for others', async () => {
		const {lines} = await previewOf(`[${Array.from({length: 20}, (_, index) => `{{u${index}}}`).join(', ')}]`);
		const warnings = lines.filter(line => line.tone === 'warning').map(line => line.text);
		expect(warnings).toHaveLength(21);
		expect(warnings.at(-2)).toMatch(/^⚠ body, line 1, column \d+: \{\{u19\}\}/);
		expect(warnings.some(text => text.includes('more problem'))).toBe(false);
	});
});
