/**
A variable's value on one row of the variables pane: compact, dates as ISO text,
secrets masked.
*/
import {mask} from '../../core/secrets.js';
import type {Value} from '../../core/values.js';

export function showValue(value: Value, options: {secret?: boolean; reveal?: boolean} = {}): string {
	if (options.secret && !options.reveal) {
		return mask;
	}

	if (value instanceof Date) {
		return value.toISOString();
	}

	// Dates nested in objects and arrays become their ISO text through Date's toJSON.
	return JSON.stringify(value);
}
