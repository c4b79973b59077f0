import {afterAll, describe, expect, it} from 'vitest';
import {closeJq, runJq} from '../../../source/core/jq/run-jq.js';

afterAll(() => {
	closeJq();
});

const body = new TextEncoder().encode('{"items": [{"name": "first"}, {"name": "second", "tags": ["a", "b"]}]}');
const text = (outcome: Awaited<ReturnType<typeof runJq>>) => outcome.kind === 'output' ? new TextDecoder().decode(outcome.output) : outcome;

describe('runJq', () => {
	it('runs a filter with jq\'s semantics and gives what jq prints, pretty, one result after another', async () => {
		expect(text(await runJq(body, '.items[1].name'))).toBe('"second"');
		expect(text(await runJq(body, '.items[] | .name'))).toBe('"first"\n"second"');
		expect(text(await runJq(body, '.items[1].tags'))).toBe('[\n  "a",\n  "b"\n]');
		expect(text(await runJq(body, '[.items[] | select(.tags)] | length'))).toBe('1');
		expect(text(await runJq(body, 'empty'))).toBe('');
	});

	it('says why a filter does not compile, where the body is not JSON, and what a failing filter said', async () => {
		expect(await runJq(body, '.items[')).toEqual({kind: 'error', message: expect.stringContaining('jq: error: syntax error')});
		expect(await runJq(new TextEncoder().encode('{"a": '), '.a')).toEqual({kind: 'error', message: 'jq: parse error: Unfinished JSON term at EOF at line 1, column 6'});
		expect(await runJq(body, 'error("no such item")')).toEqual({kind: 'error', message: 'jq: error: no such item'});
	});

	it('stops a filter that never ends when its caller aborts, and runs the next one', async () => {
		const controller = new AbortController();
		const endless = runJq(body, 'repeat(1)');
		setTimeout(() => {
			controller.abort();
		}, 200);
		const abortable = runJq(body, 'last(range(1e12))', controller.signal);
		expect(await endless).toEqual({kind: 'cancelled'});
		expect(await abortable).toEqual({kind: 'cancelled'});
		expect(text(await runJq(body, '.items | length'))).toBe('2');
	});
});
