/**
Variable names offered while a placeholder is typed in the URL, a header or a body: after
`{{` and the start of a name, the names in effect that begin with it, and what Tab inserts,
as a shell completes a file name: the part all of them share, or with a single one (or
none shared beyond what is typed) the first name whole and the closing `}}`.
*/
import type {Collection} from '../../core/model.js';
import {dynamicVariableNames} from '../../core/interpolate/index.js';
import {backslashRunBefore} from '../../core/interpolate/scan.js';
import type {TuiState} from '../app-context.js';
import type {EditTarget} from '../app-state.js';
import type {World} from '../pipeline/world.js';
import type {TextBufferState} from '../text-buffer.js';

export type Completion = {
	/** The start of the name typed after `{{`. */
	readonly typed: string;
	/** The names that begin with it, in order. */
	readonly names: readonly string[];
	/** What Tab inserts at the cursor. */
	readonly insert: string;
};

const lookBehind = 256;

/** The name being typed right before the cursor, in an open placeholder: `{{ ba` gives `ba`. */
const openPlaceholder = /\{\{\s*(?<typed>[\p{L}\p{N}_.$-]*)$/u;

/** The completion at the cursor of `buffer` among `names`; undefined outside an open placeholder or with no name to offer. */
export function completionAt(buffer: TextBufferState, names: readonly string[]): Completion | undefined {
	const line = buffer.lines[buffer.cursor.row] ?? '';
	// A name is at most 128 characters: only the end of a long line before the cursor is read, at each key.
	const before = line.slice(Math.max(0, buffer.cursor.column - lookBehind), buffer.cursor.column);
	const match = openPlaceholder.exec(before);
	// `\{{` is a literal `{{`, not a placeholder (see the interpolation contract).
	if (match === null || backslashRunBefore(before, match.index) % 2 === 1) {
		return undefined;
	}

	const typed = match.groups!['typed']!;
	const offered = names.filter(name => name.startsWith(typed) && name !== typed).sort((a, b) => a.localeCompare(b));
	const exact = names.includes(typed);
	if (offered.length === 0 && !exact) {
		return undefined;
	}

	const after = line.slice(buffer.cursor.column, buffer.cursor.column + lookBehind);
	const closing = /^\s*\}\}/.test(after) ? '' : '}}';
	const shared = sharedStart(offered);
	const insert = exact && offered.length === 0
		? closing
		: shared.length > typed.length ? shared.slice(typed.length) + (offered.length === 1 ? closing : '') : offered[0]!.slice(typed.length) + closing;
	// A whole name already closed: nothing is left to complete.
	return insert === '' ? undefined : {typed, names: exact ? [typed, ...offered] : offered, insert};
}

function sharedStart(names: readonly string[]): string {
	let shared = names[0] ?? '';
	for (const name of names) {
		while (!name.startsWith(shared)) {
			shared = shared.slice(0, -1);
		}
	}

	return shared;
}

const dynamicNames = dynamicVariableNames.map(name => `$${name}`);

/** Where placeholders are filled, so where names are offered: not in scripts, which read variables with getVar. */
export function completesIn(target: EditTarget): boolean {
	return target.kind !== 'script';
}

/** The names a placeholder may take in the collection now: the variables in effect, and the dynamic ones (`$guid`). */
export function completionNames(world: World, state: Pick<TuiState, 'environments' | 'selection'>, collection: Collection): string[] {
	return [...world.variablesInEffect(collection, state.environments[collection.id], state.selection.requestId).map(variable => variable.name), ...dynamicNames];
}
