/**
A form body as a pre-request script reads and writes `req.body`: `name=value&…`, encoded as
the form is sent, its placeholders left as written so the script sees templates, as it does
in a JSON or text body. Reading the text back gives the same fields, placeholders included.
*/
import {findPlaceholders} from '../interpolate/index.js';
import type {FormField} from '../model.js';

/** The enabled fields as `name=value&…`. */
export function formText(fields: readonly FormField[]): string {
	return fields.filter(field => field.enabled !== false).map(field => `${encodeTemplate(field.name)}=${encodeTemplate(field.value)}`).join('&');
}

/** The fields a form text holds: formText's fields back, or those a script wrote. */
export function formFields(text: string): FormField[] {
	return [...new URLSearchParams(text)].map(([name, value]) => ({name, value}));
}

function encodeTemplate(template: string): string {
	let encoded = '';
	let literalStart = 0;
	for (const placeholder of findPlaceholders(template)) {
		encoded += encode(template.slice(literalStart, placeholder.start));
		// Only what would split or change the text as it is read back: `{{user['a&b']}}` stays one value.
		encoded += placeholder.raw.replaceAll(/[%+&=]/g, character => encodeURIComponent(character));
		literalStart = placeholder.end;
	}

	return encoded + encode(template.slice(literalStart));
}

/** As a form is sent (a space as `+`, `&` as `%26`): URLSearchParams writes it, after the `=` of an empty name. */
function encode(text: string): string {
	return text === '' ? '' : new URLSearchParams([['', text]]).toString().slice(1);
}
