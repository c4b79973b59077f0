/**
Header lists as the importers build them: finding a header by name (names are
case-insensitive).
*/
import type {Header} from '../model.js';

/** The enabled header named `name`, in any case. */
export function findHeader(headers: readonly Header[], name: string): Header | undefined {
	const lower = name.toLowerCase();
	return headers.find(header => header.enabled && header.name.trim().toLowerCase() === lower);
}
