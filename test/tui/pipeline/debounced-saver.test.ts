import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createDebouncedSaver} from '../../../source/tui/pipeline/debounced-saver.js';

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	vi.useRealTimers();
});

describe('a save held by a field', () => {
	it('runs on flush, never on the timer, the last one held for a field', () => {
		const saved: string[] = [];
		const saver = createDebouncedSaver(300);
		saver.hold('header', () => saved.push('X-A'));
		saver.hold('header', () => saved.push('X-A: 1'));
		saver.schedule('url', () => saved.push('url'));
		expect(saver.pending).toBe(true);
		vi.advanceTimersByTime(10_000);
		expect(saved).toEqual(['url']);
		saver.flush();
		expect(saved).toEqual(['url', 'X-A: 1']);
	});

	it('runs once: a second flush does not save it again', () => {
		const saved: string[] = [];
		const saver = createDebouncedSaver(300);
		saver.hold('header', () => saved.push('X-A: 1'));
		saver.flush();
		saver.flush();
		expect(saved).toEqual(['X-A: 1']);
		expect(saver.pending).toBe(false);
	});

	it('is dropped on release, and releasing a field holds nothing of another', () => {
		const saved: string[] = [];
		const saver = createDebouncedSaver(300);
		saver.hold('header', () => saved.push('header'));
		saver.hold('value', () => saved.push('value'));
		saver.release('header');
		saver.release('nothing held');
		saver.flush();
		expect(saved).toEqual(['value']);
	});

	it('goes to onError when it throws, and the other saves still run', () => {
		const saved: string[] = [];
		const errors: unknown[] = [];
		const saver = createDebouncedSaver(300, {onError: error => errors.push(error)});
		saver.hold('header', () => {
			throw new Error('The request was deleted');
		});
		saver.schedule('url', () => saved.push('url'));
		saver.flush();
		expect(saved).toEqual(['url']);
		expect(errors).toEqual([new Error('The request was deleted')]);
	});
});

describe('a save that fails for a reason that may pass', () => {
	const diskFull = new Error('no space is left on the device');
	const failing = (times: number, saved: string[], text: string) => {
		let left = times;
		return () => {
			if (left-- > 0) {
				throw diskFull;
			}

			saved.push(text);
		};
	};

	it('is kept and runs again with the next change, on the timer, and is then gone', () => {
		const saved: string[] = [];
		const heard: Array<[unknown, boolean]> = [];
		const saver = createDebouncedSaver(300, {onError: (error, kept) => heard.push([error, kept]), keepOnError: error => error === diskFull});
		saver.schedule('url', failing(1, saved, 'url'));
		vi.advanceTimersByTime(300);
		expect(heard).toEqual([[diskFull, true]]);
		expect(saver.pending).toBe(true);
		expect(saver.unsaved).toEqual([diskFull]);
		// No change, no new attempt.
		vi.advanceTimersByTime(10_000);
		expect(heard).toHaveLength(1);
		saver.schedule('body', () => saved.push('body'));
		vi.advanceTimersByTime(300);
		expect(saved).toEqual(['url', 'body']);
		expect(saver.pending).toBe(false);
		expect(saver.unsaved).toEqual([]);
	});

	it('gives way to a newer save of its field, and a held one runs again on the next flush', () => {
		const saved: string[] = [];
		const saver = createDebouncedSaver(300, {onError: () => undefined, keepOnError: error => error === diskFull});
		saver.schedule('url', failing(1, saved, 'old url'));
		saver.hold('header', failing(1, saved, 'X-A: 1'));
		saver.flush();
		expect(saver.unsaved).toEqual([diskFull, diskFull]);
		saver.schedule('url', () => saved.push('new url'));
		saver.flush();
		expect(saved).toEqual(['new url', 'X-A: 1']);
		expect(saver.unsaved).toEqual([]);
	});

	it('runs again on retry, with no other save, held or scheduled', () => {
		const saved: string[] = [];
		const saver = createDebouncedSaver(300, {onError: () => undefined, keepOnError: error => error === diskFull});
		saver.schedule('url', failing(1, saved, 'url'));
		saver.flush();
		saver.hold('header', () => saved.push('X-A: half typ'));
		saver.schedule('body', () => saved.push('body'));
		saver.retry();
		expect(saved).toEqual(['url']);
		expect(saver.unsaved).toEqual([]);
		saver.flush();
		expect(saved).toEqual(['url', 'body', 'X-A: half typ']);
	});

	it('is dropped with the held field on release, and one refused for good is not kept', () => {
		const saved: string[] = [];
		const heard: Array<[unknown, boolean]> = [];
		const saver = createDebouncedSaver(300, {onError: (error, kept) => heard.push([error, kept]), keepOnError: error => error === diskFull});
		saver.hold('header', failing(5, saved, 'X-A: 1'));
		saver.flush();
		saver.release('header');
		const deleted = new Error('The request was deleted');
		saver.schedule('url', () => {
			throw deleted;
		});
		saver.flush();
		saver.flush();
		expect(heard).toEqual([[diskFull, true], [deleted, false]]);
		expect(saver.pending).toBe(false);
		expect(saver.unsaved).toEqual([]);
	});
});
