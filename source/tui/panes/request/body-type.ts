/**
Changing a body's type and editing a body as text, without losing what was typed. The
body keeps the text of JSON and text bodies and the fields of a form side by side (see
`Body`); the type only picks which one is shown and sent. A type whose slot is empty is
filled from the other slot when the content fits it (a form as `name=value` lines, text
that is all such lines); the other slot is emptied only when the conversion gives it back
exactly, so a JSON body cycled through form and none comes back as it was typed.
*/
import {bodyOf, type Body, type BodyType, type FormField} from '../../../core/model.js';
import {looksLikeJson} from '../../../core/resolve-request.js';
import {formToText, looksLikeForm, textToForm} from './form-lines.js';

/** The types `t` cycles through: those the body tab edits. A multipart, file or GraphQL body (imported, or from a file) goes to none, its slots kept. */
export const editableBodyTypes = ['none', 'json', 'text', 'form'] as const satisfies readonly BodyType[];

export function changeBodyType(body: Body, type: BodyType): Body {
	const {type: _type, ...slots} = body;
	const text = body.text ?? '';
	const fields = body.fields ?? [];
	if (type === 'form' && fields.length === 0 && looksLikeForm(text)) {
		const converted = textToForm(text);
		return bodyOf(type, {...slots, fields: converted, text: formToText(converted) === text ? '' : text});
	}

	if ((type === 'json' || type === 'text') && text === '' && fields.length > 0) {
		const converted = formToText(fields);
		return bodyOf(type, {...slots, text: converted, fields: sameFields(textToForm(converted), fields) ? [] : fields});
	}

	return bodyOf(type, {...slots, text, fields});
}

/** The text the body editor shows: the form as lines, else the body's text (for type none, the text it keeps). */
export function editableText(body: Body): string {
	return body.type === 'form' ? formToText(body.fields) : body.text ?? '';
}

/** The body once `text`, typed for a body of `type`, is saved; the other slot is kept. A body of type none becomes JSON or text by what was typed. */
export function bodyWithText(body: Body, type: BodyType, text: string): Body {
	const {type: _type, ...slots} = body;
	if (type === 'form') {
		return bodyOf(type, {...slots, fields: textToForm(text)});
	}

	const typed = type === 'none' || type === 'multipart' || type === 'file' ? (looksLikeJson(text) ? 'json' : 'text') : type;
	return bodyOf(typed, {...slots, text});
}

/** The type enter opens a body of type none in: a form when only form fields are kept, JSON otherwise. */
export function typeToEdit(body: Body): BodyType {
	return (body.text ?? '') === '' && (body.fields ?? []).length > 0 ? 'form' : 'json';
}

/** What the body keeps for a type other than its own, said in a line for the body tab; undefined when nothing is kept. */
export function keptForOtherTypes(body: Body): string | undefined {
	const text = body.type === 'json' || body.type === 'text' ? '' : body.text ?? '';
	const fields = body.type === 'form' ? [] : body.fields ?? [];
	const kept: string[] = [];
	if (text !== '') {
		const lines = text.split('\n').length;
		kept.push(`text of ${lines} line${lines === 1 ? '' : 's'}`);
	}

	if (fields.length > 0) {
		kept.push(`${fields.length} form field${fields.length === 1 ? '' : 's'}`);
	}

	return kept.length === 0 ? undefined : `Kept aside: ${kept.join(' and ')} (t switches type)`;
}

function sameFields(left: readonly FormField[], right: readonly FormField[]): boolean {
	return left.length === right.length && left.every((field, index) => {
		const other = right[index]!;
		return field.name === other.name && field.value === other.value && (field.enabled ?? true) === (other.enabled ?? true);
	});
}
