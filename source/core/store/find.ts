import type {Collection, Request} from '../model.js';
import {StoreError} from './store-error.js';

/** `Get user` → `get-user`: how a name is typed on a command line. */
export function slugify(name: string): string {
	return name.normalize('NFKD').replaceAll(/\p{M}/gu, '').toLowerCase().replaceAll(/[^\p{L}\p{N}]+/gu, '-').replaceAll(/^-+|-+$/g, '');
}

/**
The items `nameOrId` can mean, by the first rule that matches any: the one with that id;
those with exactly that name; those whose name matches it ignoring case; those whose slug
does (`get-user` for "Get user"). An exact name always wins, so "get user" means "get user"
even beside "Get user". More than one match means the name is ambiguous: callers must not
pick one, as that would act on an item the user did not name.
*/
export function matchByNameOrId<T extends {id: string; name: string}>(items: readonly T[], nameOrId: string): T[] {
	const byId = items.find(item => item.id === nameOrId);
	if (byId !== undefined) {
		return [byId];
	}

	const lower = nameOrId.toLowerCase();
	// Made when the rules before find nothing: slugify's Unicode patterns take a fraction of a millisecond to compile.
	let slug: string | undefined;
	const rules: Array<(item: T) => boolean> = [
		item => item.name === nameOrId,
		item => item.name.toLowerCase() === lower,
		item => (slug ??= slugify(nameOrId)) !== '' && slugify(item.name) === slug,
	];
	for (const rule of rules) {
		const matches = items.filter(rule);
		if (matches.length > 0) {
			return matches;
		}
	}

	return [];
}

export type NameLookup = {
	/** What the items are, plural: `requests`. */
	kind: string;
	/** Who holds them, as a sentence starts: `Collection "API"`, `The store`. */
	holder: string;
	/** Why nothing matches: it lists what there is. */
	missing: () => string;
};

/**
The one item of `items` that `name` means (see `matchByNameOrId`). When none does, or
several do and none exactly ("Get user" and "get user" for `GET USER`), acting on one would
be a guess: a StoreError says so and lists them instead.
*/
export function findOneByName<T extends {id: string; name: string}>(items: readonly T[], name: string, {kind, holder, missing}: NameLookup): T {
	const matches = matchByNameOrId(items, name);
	if (matches.length === 0) {
		throw new StoreError(missing());
	}

	if (matches.length > 1) {
		throw new StoreError(`${holder} has ${matches.length} ${kind} matching "${name}": ${namesOf(matches)}; type one of these names exactly`);
	}

	return matches[0]!;
}

/** The collection `name` means, as `curlew run` and `curlew export` find it; a StoreError listing the others when none or several match. */
export function findCollectionByName(collections: readonly Collection[], name: string): Collection {
	return findOneByName(collections, name, {
		kind: 'collections',
		holder: 'The store',
		missing() {
			const names = namesOf(collections);
			return `No collection named "${name}"${names === '' ? ': the store has none; import one with curlew import <file>' : `: choose one of ${names}`}`;
		},
	});
}

/** `"a", "b"`: names as messages list them, quoted as JSON, so a quote in a name cannot blur the list. */
export function namesOf(items: ReadonlyArray<{name: string}>): string {
	return items.map(item => JSON.stringify(item.name)).join(', ');
}

/** The one item `nameOrId` means (see `matchByNameOrId`); undefined when none does or several do. */
export function findByNameOrId<T extends {id: string; name: string}>(items: readonly T[], nameOrId: string): T | undefined {
	const matches = matchByNameOrId(items, nameOrId);
	return matches.length === 1 ? matches[0] : undefined;
}

export function findRequest(collection: Collection, nameOrId: string): Request | undefined {
	return findByNameOrId(collection.requests, nameOrId);
}

/**
`name`, or `name (2)`, `name (3)`... whichever is not taken (ignoring case). A name that has
such a number already counts on from it: a copy of "Log in (2)" is "Log in (3)".
*/
export function uniqueName(name: string, taken: Iterable<string>): string {
	return freeName(name, new Set([...taken].map(existing => existing.toLowerCase())), new Map());
}

/**
`names` with every repeat of an exact name made unique: the first keeps it, a later one
gains the first suffix no name in the list has (ignoring case), so "A", "A", "A (2)" becomes
"A", "A (3)", "A (2)". Names that differ in case stay: typed exactly, each means one item.
Linear in the names: a file of 100,000 requests of one name is no slower than of distinct ones.
*/
export function uniqueNames(names: readonly string[]): string[] {
	const used = new Set(names.map(name => name.toLowerCase()));
	const kept = new Set<string>();
	const nextNumbers = new Map<string, number>();
	return names.map(name => {
		const unique = kept.has(name) ? freeName(name, used, nextNumbers) : name;
		kept.add(unique);
		used.add(unique.toLowerCase());
		return unique;
	});
}

/**
The name uniqueName gives, `used` holding the taken names in lower case. `nextNumbers` keeps,
per base name and first number tried, the number to try next: `used` only grows, so the
numbers found taken between them stay taken.
*/
function freeName(name: string, used: ReadonlySet<string>, nextNumbers: Map<string, number>): string {
	if (!used.has(name.toLowerCase())) {
		return name;
	}

	const [, base = name, number] = /^(.*) \((\d+)\)$/su.exec(name) ?? [];
	const first = number === undefined ? 2 : Number(number) + 1;
	const search = `${first} ${base.toLowerCase()}`;
	let count = nextNumbers.get(search) ?? first;
	while (used.has(`${base.toLowerCase()} (${count})`)) {
		count++;
	}

	nextNumbers.set(search, count + 1);
	return `${base} (${count})`;
}

/**
Another of `items` than `id` named `name`, ignoring case: with such twins, a name typed on the
command line in another case or as a slug would match both, and `curlew run` would run neither.
*/
export function namedLike<T extends {id: string; name: string}>(items: readonly T[], id: string | undefined, name: string): T | undefined {
	return items.find(other => other.id !== id && other.name.toLowerCase() === name.toLowerCase());
}

/** Why a name is refused when `clash` has it already: in the same words for collections, and for requests and environments in `collection`. */
export function nameTaken(clash: {name: string}, kind: 'collection' | 'request' | 'environment', collection?: {name: string}): string {
	const holder = collection === undefined ? 'There is already' : `Collection "${collection.name}" already has`;
	return `${holder} ${kind === 'environment' ? 'an' : 'a'} ${kind} named "${clash.name}": choose another name`;
}
