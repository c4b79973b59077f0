import {expect} from 'vitest';
import {FieldError} from '../../source/core/formats/field-error.js';

/** The message of the FieldError `action` throws (an importer refusing a file); any other outcome fails the test. */
export function fieldErrorOf(action: () => unknown): string {
	try {
		action();
	} catch (error) {
		expect(error).toBeInstanceOf(FieldError);
		return (error as Error).message;
	}

	throw new Error('expected a FieldError');
}
