/**
A header edited as one line, `Name: value`, the way it goes on the wire.
*/
import type {Header} from '../../core/model.js';

export type ParsedHeader = {ok: true; name: string; value: string} | {ok: false; message: string};

const namePattern = /^(?:[!#$%&'*+.^`|~\w-]|\{\{[^}]*\}\})+$/;

export function headerToLine(header: Pick<Header, 'name' | 'value'>): string {
	return header.name === '' && header.value === '' ? '' : `${header.name}: ${header.value}`;
}

/** Reads `Name: value`; the name may hold placeholders, the value anything but line breaks. */
export function parseHeaderLine(line: string): ParsedHeader {
	const colon = line.indexOf(':');
	if (colon === -1) {
		return {ok: false, message: `Header ${JSON.stringify(line)} has no colon: type it as Name: value`};
	}

	const name = line.slice(0, colon).trim();
	const value = line.slice(colon + 1).trim();
	if (name === '') {
		return {ok: false, message: 'The header has no name: type it as Name: value, for example Accept: application/json'};
	}

	if (!namePattern.test(name)) {
		return {ok: false, message: `Header name ${JSON.stringify(name)} is invalid: use letters, digits and - _ (no spaces)`};
	}

	return {ok: true, name, value};
}
