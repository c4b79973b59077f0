import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';
import type {Value} from '../../../source/core/values.js';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

/**
Replaces some values of a JSON document by placeholders and records the variables that
fill them: strings (and dates, which become their ISO string) go in quotes, the rest
stands bare.
*/
function templatize(document: Json, choose: () => number, variables: Record<string, Value>): string {
	const roll = choose();
	if (roll < 0.3 && document !== undefined) {
		const name = `v${Object.keys(variables).length}`;
		if (typeof document === 'string') {
			const asDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(document) && roll < 0.15;
			variables[name] = asDate ? new Date(document) : document;
			return `"{{${name}}}"`;
		}

		variables[name] = document as Value;
		return `{{${name}}}`;
	}

	if (Array.isArray(document)) {
		return `[${document.map(element => templatize(element, choose, variables)).join(', ')}]`;
	}

	if (document !== null && typeof document === 'object') {
		const members = Object.entries(document).map(([key, child]) => `${JSON.stringify(key)}: ${templatize(child, choose, variables)}`);
		return `{${members.join(', ')}}`;
	}

	return JSON.stringify(document);
}

const jsonDocument = fc.oneof(
	fc.jsonValue() as fc.Arbitrary<Json>,
	fc.date({noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01')}).map(date => ({at: date.toISOString(), list: [date.toISOString()]}) as Json),
)
	// Text holding {{ is a placeholder by definition, in the template and in values alike.
	.filter(document => !JSON.stringify(document).includes('{{'));

describe('property: interpolating a templatized JSON document gives the document back', () => {
	it('for random documents with random placeholders, quoted and bare', () => {
		fc.assert(fc.property(jsonDocument, fc.infiniteStream(fc.double({min: 0, max: 1, noNaN: true})), (document, stream) => {
			const iterator = stream[Symbol.iterator]();
			const variables: Record<string, Value> = {};
			const template = templatize(document, () => iterator.next().value as number, variables);
			const result = interpolate(template, variables, {context: 'json'});
			expect(result.problems).toEqual([]);
			expect(JSON.parse(result.text)).toEqual(JSON.parse(JSON.stringify(document)));
		}), {numRuns: 500});
	});

	it('keeps strings with quotes, backslashes, newlines and unicode exact inside quoted placeholders', () => {
		const tricky = fc.array(fc.oneof(fc.constantFrom('"', '\\', '\n', '\r', '\t', '\u0000', '\u2028', '😀', 'é', '{', '}', '\\{'), fc.string({unit: 'binary'})))
			.map(parts => parts.join(''))
			// A string holding {{ is a template itself (values are interpolated too), so it is left out here.
			.filter(text => !text.includes('{{'));
		fc.assert(fc.property(fc.array(tricky, {minLength: 1, maxLength: 5}), strings => {
			const variables = Object.fromEntries(strings.map((text, index) => [`s${index}`, text]));
			const template = `[${strings.map((_, index) => `"{{s${index}}}"`).join(',')}, "prefix {{s0}} suffix"]`;
			const result = interpolate(template, variables, {context: 'json'});
			expect(JSON.parse(result.text)).toEqual([...strings, `prefix ${strings[0]} suffix`]);
		}), {numRuns: 500});
	});
});
