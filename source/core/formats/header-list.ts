/**
Header lists as the importers build them: finding a header by name (names are
case-insensitive), and letting one header win over another of the same name, so that a
request sends one header where the original tool sends one.
*/
import type {Header} from '../model.js';

/** The enabled header named `name`, in any case. */
export function findHeader(headers: readonly Header[], name: string): Header | undefined {
	const lower = name.toLowerCase();
	return headers.find(header => header.enabled && header.name.trim().toLowerCase() === lower);
}

/**
Adds `added` (the headers an auth setting stands for) to `headers`, in place of the enabled
headers of the same names, as Postman and Bruno send the auth's header and not the request's
own. Each header dropped is a note on `where`, naming `tool`.
*/
export function addWinningHeaders(headers: Header[], added: readonly Header[], where: string, tool: string, notes: string[]): void {
	for (const header of added) {
		for (let index = headers.length - 1; index >= 0; index--) {
			const own = headers[index]!;
			if (own.enabled && own.name.trim().toLowerCase() === header.name.toLowerCase()) {
				headers.splice(index, 1);
				notes.push(`${where}: its own ${own.name} header was dropped: its auth setting gives that header, and ${tool} sends the auth's`);
			}
		}

		headers.push(header);
	}
}
