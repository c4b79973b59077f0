import {describe, expect, it} from 'vitest';
import {createRequest} from '../../source/core/model.js';
import {resolveRequest} from '../../source/core/resolve-request.js';
import type {Variables} from '../../source/core/values.js';

/** The URL as sent and the warnings for `url` filled from `scope`. */
function resolved(url: string, scope: Variables, secrets: string[] = []) {
	const {prepared, warnings, problems} = resolveRequest(createRequest({url}), scope, {secrets});
	return {href: prepared?.url.href, warnings, problems};
}

describe('a URL placeholder whose value changes the URL\'s shape', () => {
	it('inserts the value as it is, and warns when its "#" starts the fragment, saying what is not sent', () => {
		const {href, warnings} = resolved('https://api.test/items?tags={{t}}&limit=5', {t: 'a#b c'});

		expect(href).toBe('https://api.test/items?tags=a#b%20c&limit=5');
		expect(warnings).toEqual(['URL, column 29: {{t}}: its value "a#b c" holds "#", which starts the URL\'s fragment: "b c" and the rest of the URL are not sent; if it is data, give the value encoded: "a%23b%20c"']);
	});

	it('warns when its "&" starts another query parameter', () => {
		const {href, warnings} = resolved('https://api.test/search?q={{q}}', {q: 'fish&chips=yes'});

		expect(href).toBe('https://api.test/search?q=fish&chips=yes');
		expect(warnings).toEqual(['URL, column 27: {{q}}: its value "fish&chips=yes" holds "&", which separates query parameters: "chips=yes" is sent as a parameter of its own; if it is data, give the value encoded: "fish%26chips%3Dyes"']);
	});

	it('warns when its "?" in the path starts the query', () => {
		const {warnings} = resolved('https://api.test/files/{{name}}/meta', {name: 'why?.txt'});

		expect(warnings).toEqual(['URL, column 24: {{name}}: its value "why?.txt" holds "?", which starts the URL\'s query: ".txt" and the rest of the URL are sent as the query, not the path; if it is data, give the value encoded: "why%3F.txt"']);
	});

	it('warns of a space, which is sent as %20, in the path and in the query', () => {
		const {href, warnings} = resolved('https://api.test/{{dir}}?name={{name}}', {dir: 'my files', name: 'Ada Lovelace'});

		expect(href).toBe('https://api.test/my%20files?name=Ada%20Lovelace');
		expect(warnings).toEqual([
			'URL, column 18: {{dir}}: its value "my files" holds a space, which is sent as %20',
			'URL, column 31: {{name}}: its value "Ada Lovelace" holds a space, which is sent as %20',
		]);
	});

	it('names each thing one value does, up to its "#"', () => {
		const {warnings} = resolved('https://api.test/p?x={{v}}', {v: 'a b&c#d&e'});

		expect(warnings).toEqual(['URL, column 22: {{v}}: its value "a b&c#d&e" holds a space, which is sent as %20, "&", which separates query parameters: "c" is sent as a parameter of its own, and "#", which starts the URL\'s fragment: "d&e" is not sent; if it is data, give the value encoded: "a%20b%26c%23d%26e"']);
	});

	it('says nothing of what the URL\'s own text does, of "?" and "&" in a query or "&" in a path, nor of what stands in the fragment', () => {
		const {warnings} = resolved('https://api.test/{{path}}?q={{q}}#{{anchor}}', {path: 'a&b', q: 'why?', anchor: 'x y#z'});

		expect(warnings).toEqual([]);
	});

	it('lets a base URL be a URL: its "/", "?" and ":" are meant, its "#" is not', () => {
		expect(resolved('{{baseUrl}}/users', {baseUrl: 'http://localhost:8080/api?key=1'}).warnings).toEqual([]);
		expect(resolved('{{host}}/users', {host: 'api.test:8080'}).warnings).toEqual([]);
		expect(resolved('{{baseUrl}}/users', {baseUrl: 'https://app.test/#/admin'}).warnings).toEqual(['URL, column 1: {{baseUrl}}: its value "https://app.test/#/admin" holds "#", which starts the URL\'s fragment: "/admin" and the rest of the URL are not sent; if it is data, give the value encoded: "https%3A%2F%2Fapp.test%2F%23%2Fadmin"']);
	});

	it('reads where a placeholder stands from what the values before it filled in', () => {
		const {warnings} = resolved('{{base}}{{rest}}', {base: 'https://api.test/search?q=', rest: 'a&b'});

		expect(warnings).toEqual(['URL, column 9: {{rest}}: its value "a&b" holds "&", which separates query parameters: "b" is sent as a parameter of its own; if it is data, give the value encoded: "a%26b"']);
	});

	it('checks the text a value nested in another gave, and names the placeholder of the URL', () => {
		const {warnings} = resolved('https://api.test/?q={{query}}', {query: '{{first}} {{last}}', first: 'Ada', last: 'Love#lace'});

		expect(warnings).toEqual(['URL, column 21: {{query}}: its value "Ada Love#lace" holds a space, which is sent as %20, and "#", which starts the URL\'s fragment: "lace" is not sent; if it is data, give the value encoded: "Ada%20Love%23lace"']);
	});

	it('says nothing of a placeholder that is not filled, and cuts a long value', () => {
		expect(resolved('https://api.test/?q={{missing}}', {}).warnings).toEqual([]);
		const {warnings} = resolved('https://api.test/?q={{long}}', {long: `${'x'.repeat(100)}#${'y'.repeat(100)}`});
		expect(warnings[0]).toMatch(/^URL, column 21: \{\{long\}\}: its value "x{59}…" holds "#", which starts the URL's fragment: "y{59}…" is not sent; if it is data, give the value encoded: "x{59}…"$/);
	});

	it('quotes no piece of a value that holds a secret, or is part of one, since masking could not hide a piece', () => {
		const secret = 'abc#def&ghi';
		const {warnings} = resolved('https://api.test/?key={{key}}&sig={{part}}', {key: `k-${secret}`, part: 'def&gh'}, [secret]);

		expect(warnings).toEqual([
			'URL, column 23: {{key}}: its value (a secret) holds "#", which starts the URL\'s fragment: what follows it and the rest of the URL are not sent; if it is data, give the value encoded (%23 for "#", %26 for "&", %3F for "?")',
		]);
		expect(warnings.join('\n')).not.toMatch(/def|ghi/);
	});

	it('says nothing of a "#" or "?" that ends the URL, nor of an empty parameter', () => {
		expect(resolved('https://api.test/a{{v}}', {v: 'x?'}).warnings).toEqual([]);
		expect(resolved('https://api.test/a?b={{v}}', {v: 'x#'}).warnings).toEqual([]);
		expect(resolved('https://api.test/a?b={{v}}&c=1', {v: 'x&'}).warnings).toEqual([]);
	});
});
