import {describe, expect, it} from 'vitest';
import {readDateInput} from '../../source/core/date-input.js';

const now = new Date('2024-01-31T12:00:00.000Z');
const hour = 60 * 60 * 1000;

describe('readDateInput', () => {
	it.each([
		['now', 0],
		['+1h', hour],
		['-2d', -48 * hour],
		['+30m', 30 * 60 * 1000],
		['+90s', 90 * 1000],
		['+1w', 7 * 24 * hour],
		['now + 1d', 24 * hour],
		['+1d2h', 26 * hour],
		['NOW-1H', -hour],
	])('reads %s as now and that much', (text, offset) => {
		expect(readDateInput(text, now).date?.getTime()).toBe(now.getTime() + offset);
	});

	it('reads today as the local midnight of the day, offsets after it counted from there', () => {
		const midnight = new Date(now.getTime());
		midnight.setHours(0, 0, 0, 0);
		expect(readDateInput('today', now).date).toEqual(midnight);
		expect(readDateInput('today +9h', now).date?.getTime()).toBe(midnight.getTime() + 9 * hour);
	});

	it('reads an ISO 8601 date-time as readIsoDateTime does, its problem included', () => {
		expect(readDateInput(' 2024-02-29T14:00:00+02:00 ', now).date).toEqual(new Date('2024-02-29T12:00:00.000Z'));
		expect(readDateInput('2024-02-30T00:00:00Z', now).problem).toContain('has day 30');
	});

	it.each(['', 'tomorrow', '+1', '1d', '+1y', 'now now'])('refuses %j, saying what can be typed', text => {
		expect(readDateInput(text, now).problem).toMatch(/is not a date: type an ISO 8601 date-time .* now, today, \+1h, -2d, \+30m/);
	});

	it('refuses an offset past the last date there is', () => {
		expect(readDateInput('+999999999999d', now).problem).toContain('is beyond the dates there are');
	});
});
