/**
How text from another tool is written so that curlew sends the same bytes, where backslashes
stand right before `{{`. In curlew's text (a URL, a header, a text body, a form field, a
variable's value), two backslashes before `{{` are one, and an odd one escapes the `{{`;
in a JSON string the backslashes are JSON's own, and an odd one escapes the `{{`.
*/
import type {Body, RequestAuth, Variable} from '../model.js';
import type {ImportedCollection} from './imported.js';
import {isJsonBody} from '../resolve-request.js';
import {mapStrings, type Value} from '../values.js';

const backslashesBeforeBraces = /(\\*)\{\{/g;

/**
Text from a format without placeholders (curl commands), for curlew's text: each `{{` is a
literal, and the backslashes before it stay backslashes. `beforePlaceholder`: a live
placeholder follows the text, so the backslashes at its end are doubled to stay backslashes.
*/
export function literalText(text: string, beforePlaceholder = false): string {
	const escaped = text.replace(backslashesBeforeBraces, (_, run: string) => `${run}${run}\\{{`);
	return beforePlaceholder ? escaped.replace(/\\+$/, run => run + run) : escaped;
}

/**
Text written by `literalText` (and its live placeholders), for a JSON body instead. Exact
when each run of backslashes before `{{` is even, as in valid JSON; an odd one before `{{`
is not JSON at all, and gets one backslash more (`exact` is then false).
*/
export function jsonFromLiteralText(text: string): {text: string; exact: boolean} {
	let exact = true;
	const json = text.replace(backslashesBeforeBraces, (_, run: string) => {
		const literal = run.length % 2 === 1;
		const kept = literal ? (run.length - 1) / 2 : run.length / 2;
		exact &&= kept % 2 === 0;
		// In a JSON string an odd run before `{{` escapes it and an even one leaves it live; JSON reads the rest.
		const extra = literal ? (kept % 2 === 0 ? 1 : 2) : kept % 2;
		const written = kept + extra;
		return `${'\\'.repeat(written)}{{`;
	});
	return {text: json, exact};
}

/**
An import from a tool whose placeholders have no escape (Postman, Bruno), where a backslash
before `{{` is a backslash and the placeholder is filled: in curlew's text each such
backslash is doubled, and a JSON body keeps its own (exact where the JSON is valid). A note
names each request whose JSON body has an odd run of backslashes before `{{`.
*/
export function withBackslashesKept({collection, notes, ...imported}: ImportedCollection): ImportedCollection {
	const inexact: string[] = [];
	const requests = collection.requests.map(request => {
		const {body} = request;
		let text = body.text;
		if (text !== undefined && isJsonBody(request)) {
			const json = jsonFromLiteralText(doubled(text));
			text = json.text;
			if (!json.exact) {
				inexact.push(`${request.name}: its JSON body has a backslash right before {{, which is not JSON: it is sent with one backslash more, as an escaped backslash`);
			}
		} else if (text !== undefined) {
			text = doubled(text);
		}

		let {variables} = body;
		if (variables !== undefined) {
			const json = jsonFromLiteralText(doubled(variables));
			variables = json.text;
			if (!json.exact) {
				inexact.push(`${request.name}: its GraphQL variables have a backslash right before {{, which is not JSON: they are sent with one backslash more, as an escaped backslash`);
			}
		}

		return {
			...request,
			url: doubled(request.url),
			headers: request.headers.map(header => ({...header, value: doubled(header.value)})),
			...(request.auth === undefined ? {} : {auth: authDoubled(request.auth)}),
			body: {
				...body,
				...(text === undefined ? {} : {text}),
				...(variables === undefined ? {} : {variables}),
				...(body.fields === undefined ? {} : {fields: body.fields.map(field => ({...field, value: doubled(field.value)}))}),
				...(body.parts === undefined ? {} : {parts: body.parts.map(part => part.type === 'file' ? {...part, file: doubled(part.file)} : {...part, value: doubled(part.value)})}),
				...(body.file === undefined ? {} : {file: doubled(body.file)}),
			} as Body,
		};
	});
	const environments = collection.environments.map(environment => ({...environment, variables: variablesDoubled(environment.variables)}));
	return {
		...imported,
		collection: {...collection, requests, environments, variables: variablesDoubled(collection.variables), ...(collection.auth === undefined ? {} : {auth: authDoubled(collection.auth)})},
		notes: [...notes, ...inexact],
	};
}

/** An auth's text fields with the backslashes before `{{` doubled; its type and placement as they are. */
function authDoubled<T extends RequestAuth>(auth: T): T {
	return Object.fromEntries(Object.entries(auth).map(([key, value]) => [key, key === 'type' || key === 'in' ? value : doubled(value as string)])) as T;
}

/** Variables from a tool whose placeholders have no escape, with the backslashes before `{{` in their strings doubled. */
export function variablesDoubled(variables: Variable[]): Variable[] {
	return variables.map(variable => ({...variable, value: mapStrings(variable.value, doubled) as Value}));
}

function doubled(text: string): string {
	return text.includes('\\{{') ? text.replace(/(\\+)(?=\{\{)/g, run => run + run) : text;
}

/**
curlew's text for a tool whose placeholders have no escape (Postman): in text, the pair of
backslashes that is one before `{{` is written as one; in a JSON body the backslashes are
JSON's in both. A literal `{{` (escaped by an odd run) has no way to be written there: it
is written as a placeholder, and `exact` is false.
*/
export function withoutEscapes(template: string, json: boolean): {text: string; exact: boolean} {
	let exact = true;
	const text = template.replace(backslashesBeforeBraces, (_, run: string) => {
		const literal = run.length % 2 === 1;
		exact &&= !literal;
		const kept = literal ? run.length - 1 : run.length;
		return `${'\\'.repeat(json ? kept : kept / 2)}{{`;
	});
	return {text, exact};
}
