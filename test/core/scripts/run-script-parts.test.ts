import {expect, test} from 'vitest';
import {compiledParts} from './compiled-parts.js';

test('a run compiles req for a pre-request script and res for a post-response one, and nothing else it does not use', async () => {
	expect(await compiledParts('client.setVar("a", 1)', 'pre-request')).toEqual(['request']);
	expect(await compiledParts('client.setVar("id", res.body.id)', 'post-response')).toEqual(['response']);
});

test('the console formatter is compiled by the first line logged', async () => {
	expect(await compiledParts('console.log(req.url); console.log(1)', 'pre-request')).toEqual(['request', 'format']);
});
