/**
The parts of a request that have no field of their own in the request pane (its auth, its
variables, its post-response variables, its assertions and its settings), as one JSON
document to edit in `$EDITOR`, written and read as curlew's own file writes and reads a
request, with the same checks and messages.

A secret variable's value is never written to the document (the editor's file is on disk):
secret variables are left out of it and kept as they are, unless the document names one.
*/
import type {Request} from '../model.js';
import {readFileValue, writeRequest} from './curlew-format.js';
import {expectObject, FieldError} from './field-error.js';
import {parseJsonText} from './json-text.js';
import {readRequest} from './read-model.js';

export const requestDetailKeys = ['auth', 'variables', 'postResponseVariables', 'asserts', 'settings'] as const;

/** The document, each key written even when empty, so that the user sees what may be set. */
export function writeRequestDetails(request: Request): string {
	const written = writeRequest({...request, variables: request.variables?.filter(variable => variable.secret !== true)});
	const details = {
		auth: written.auth ?? {type: 'none'},
		variables: written.variables ?? [],
		postResponseVariables: written.postResponseVariables ?? [],
		asserts: written.asserts ?? [],
		settings: written.settings ?? {},
	};
	return `${JSON.stringify(details, undefined, 2)}\n`;
}

/**
The request with the details the document gives: a key left out empties that part.

@throws JsonSyntaxError with the line and column when the text is not JSON.
@throws FieldError naming the field and what it should hold.
*/
export function readRequestDetails(text: string, request: Request): Request {
	const object = expectObject(parseJsonText(text), '');
	const unknown = Object.keys(object).filter(key => !(requestDetailKeys as readonly string[]).includes(key));
	if (unknown.length > 0) {
		throw new FieldError('', `there is no key ${unknown.map(key => JSON.stringify(key)).join(', ')} here: the keys are ${requestDetailKeys.join(', ')}`);
	}

	const read = readRequest({name: request.name, url: request.url, ...object}, '', {
		ids: 'new',
		readValue: (entry, field) => readFileValue(entry, field, text),
		fromFile: true,
	});
	const named = new Set(read.variables?.map(variable => variable.name));
	const secrets = (request.variables ?? []).filter(variable => variable.secret === true && !named.has(variable.name));
	const variables = [...(read.variables ?? []), ...secrets];
	const {auth: _auth, variables: _variables, postResponseVariables: _responseVariables, asserts: _asserts, settings: _settings, ...rest} = request;
	return {
		...rest,
		...(read.auth === undefined ? {} : {auth: read.auth}),
		...(variables.length === 0 ? {} : {variables}),
		...(read.postResponseVariables === undefined ? {} : {postResponseVariables: read.postResponseVariables}),
		...(read.asserts === undefined ? {} : {asserts: read.asserts}),
		...(read.settings === undefined ? {} : {settings: read.settings}),
	};
}

/** A line that says what the details hold: `auth bearer · 3 assertions · 1 variable`, or undefined for none. */
export function requestDetailsSummary(request: Request): string | undefined {
	const count = (length: number | undefined, one: string) => (length === undefined || length === 0 ? [] : [`${length.toLocaleString('en-US')} ${one}${length === 1 ? '' : 's'}`]);
	const parts = [
		...(request.auth === undefined ? [] : [`auth ${request.auth.type}`]),
		...count(request.variables?.length, 'variable'),
		...count(request.postResponseVariables?.length, 'post-response variable'),
		...count(request.asserts?.length, 'assertion'),
		...(request.settings === undefined || Object.keys(request.settings).length === 0 ? [] : [`settings: ${Object.keys(request.settings).join(', ')}`]),
	];
	return parts.length === 0 ? undefined : parts.join(' · ');
}
