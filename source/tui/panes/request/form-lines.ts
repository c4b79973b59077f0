/**
A form body edited as text: one `name=value` field per line. Lines without `=` are fields
with an empty value; blank lines are skipped.
*/
import type {FormField} from '../../../core/model.js';

export function formToText(fields: readonly FormField[]): string {
	return fields.map(field => `${field.name}=${field.value}`).join('\n');
}

export function textToForm(text: string): FormField[] {
	return text.split('\n').filter(line => line.trim() !== '').map(line => {
		const equals = line.indexOf('=');
		return equals === -1 ? {name: line.trim(), value: ''} : {name: line.slice(0, equals).trim(), value: line.slice(equals + 1)};
	});
}

/** Whether text already reads as a form: it has a field, and every line that is not blank is `name=value` with a name. */
export function looksLikeForm(text: string): boolean {
	const lines = text.split('\n').filter(line => line.trim() !== '');
	return lines.length > 0 && lines.every(line => line.includes('=') && line.slice(0, line.indexOf('=')).trim() !== '');
}
