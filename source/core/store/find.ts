import type {Collection, Request} from '../model.js';

/** `Get user` → `get-user`: how a name is typed on a command line. */
export function slugify(name: string): string {
	return name.normalize('NFKD').replaceAll(/\p{M}/gu, '').toLowerCase().replaceAll(/[^\p{L}\p{N}]+/gu, '-').replaceAll(/^-+|-+$/g, '');
}

/**
The item whose id is `nameOrId`, else whose name matches it ignoring case, else whose
slug does (`get-user` for "Get user"). The first match in order wins.
*/
export function findByNameOrId<T extends {id: string; name: string}>(items: readonly T[], nameOrId: string): T | undefined {
	const lower = nameOrId.toLowerCase();
	const slug = slugify(nameOrId);
	return items.find(item => item.id === nameOrId)
		?? items.find(item => item.name.toLowerCase() === lower)
		?? (slug === '' ? undefined : items.find(item => slugify(item.name) === slug));
}

export function findRequest(collection: Collection, nameOrId: string): Request | undefined {
	return findByNameOrId(collection.requests, nameOrId);
}

/** `name`, or `name (2)`, `name (3)`... whichever is not taken (ignoring case). */
export function uniqueName(name: string, taken: Iterable<string>): string {
	const used = new Set([...taken].map(existing => existing.toLowerCase()));
	let candidate = name;
	for (let count = 2; used.has(candidate.toLowerCase()); count++) {
		candidate = `${name} (${count})`;
	}

	return candidate;
}
