/**
A header edited as one line, `Name: value`, the way it goes on the wire.
*/
import type {Header} from '../../../core/model.js';

export type ParsedHeader = {ok: true; name: string; value: string} | {ok: false; message: string};

/** What Esc does with a header field: close it quietly, save the header, or drop the text and say why. */
export type HeaderLeave =
	| {kind: 'close'}
	| {kind: 'save'; name: string; value: string}
	| {kind: 'drop'; message: string};

/** A refusal says what to do (`message`, for the open field) and, shorter, what was wrong (`reason`, once the field is gone). */
type HeaderReading = {ok: true; name: string; value: string} | {ok: false; message: string; reason: string};

const namePattern = /^(?:[!#$%&'*+.^`|~\w-]|\{\{[^}]*\}\})+$/;

/**
Where `header`, drawn at `index`, stands in `headers` as stored now: another window may have
added, moved or removed headers since. Undefined when it is there no more.
*/
export function headerIndexNow(headers: ReadonlyArray<Pick<Header, 'name' | 'value'>>, index: number, header: Pick<Header, 'name' | 'value'>): number | undefined {
	const same = (candidate: Pick<Header, 'name' | 'value'> | undefined) => candidate?.name === header.name && candidate.value === header.value;
	if (same(headers[index])) {
		return index;
	}

	const found = headers.findIndex(candidate => same(candidate));
	return found === -1 ? undefined : found;
}

/**
Where another window's version of `header` stands once headerIndexNow finds it no more: the
header of the same name (ignoring case) at its place, else the first of that name; undefined
when there is none (deleted, or renamed).
*/
export function changedHeaderIndex(headers: ReadonlyArray<Pick<Header, 'name'>>, index: number, header: Pick<Header, 'name'>): number | undefined {
	const sameName = (candidate: Pick<Header, 'name'> | undefined) => candidate?.name.toLowerCase() === header.name.toLowerCase();
	if (sameName(headers[index])) {
		return index;
	}

	const found = headers.findIndex(candidate => sameName(candidate));
	return found === -1 ? undefined : found;
}

export function headerToLine(header: Pick<Header, 'name' | 'value'>): string {
	return header.name === '' && header.value === '' ? '' : `${header.name}: ${header.value}`;
}

/** Reads `Name: value`; the name may hold placeholders, the value anything but line breaks. */
export function parseHeaderLine(line: string): ParsedHeader {
	const reading = readHeaderLine(line);
	return reading.ok ? reading : {ok: false, message: reading.message};
}

/**
Esc always closes a header field. Valid text is saved, as the URL is. Other text is not:
a new row is dropped and an edited header keeps its previous value (an emptied one too:
d deletes a header), and the message says what was not saved and why. A field left as it
was opened, or a new row left empty, closes without a word: nothing typed is lost.
*/
export function leaveHeaderLine(text: string, previous: Pick<Header, 'name' | 'value'> | undefined): HeaderLeave {
	if (previous === undefined ? text.trim() === '' : text === headerToLine(previous)) {
		return {kind: 'close'};
	}

	const reading = readHeaderLine(text);
	if (reading.ok) {
		return {kind: 'save', name: reading.name, value: reading.value};
	}

	if (previous === undefined) {
		return {kind: 'drop', message: `Header not added: ${reading.reason}`};
	}

	const deleteHint = text.trim() === '' ? ' (d deletes a header)' : '';
	return {kind: 'drop', message: `Header not saved: ${reading.reason}; kept the previous value${deleteHint}`};
}

function readHeaderLine(line: string): HeaderReading {
	if (line.trim() === '') {
		return {ok: false, message: 'The header is empty: type it as Name: value', reason: 'the field was empty'};
	}

	const colon = line.indexOf(':');
	if (colon === -1) {
		return {ok: false, message: `Header ${JSON.stringify(line)} has no colon: type it as Name: value`, reason: `${JSON.stringify(line)} has no colon`};
	}

	const name = line.slice(0, colon).trim();
	const value = line.slice(colon + 1).trim();
	if (name === '') {
		return {ok: false, message: 'The header has no name: type it as Name: value, for example Accept: application/json', reason: `${JSON.stringify(line)} has no name`};
	}

	if (!namePattern.test(name)) {
		return {ok: false, message: `Header name ${JSON.stringify(name)} is invalid: use letters, digits and - _ (no spaces)`, reason: `the name ${JSON.stringify(name)} is invalid`};
	}

	return {ok: true, name, value};
}
