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
		const saver = createDebouncedSaver(300, error => errors.push(error));
		saver.hold('header', () => {
			throw new Error('The request was deleted');
		});
		saver.schedule('url', () => saved.push('url'));
		saver.flush();
		expect(saved).toEqual(['url']);
		expect(errors).toEqual([new Error('The request was deleted')]);
	});
});
