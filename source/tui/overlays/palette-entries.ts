/**
The command palette's entries and what a query finds among them. Every command the keys
run outside a field, from the keymap, labelled with its group (which names the pane it acts
in) and shown with its key; and every request of every collection, as `Collection / Request`.
With no query, the focused pane's commands come first, then the app's, the requests and the
other panes' commands. A query is matched as fzf does (fzf-for-js): fuzzy, smart case,
space-separated terms that must all match, best matches first.

Pure, and worked out once per list and query: the palette's keys and its view both ask.
*/
import {extendedMatch, Fzf, type FzfResultItem} from 'fzf';
import type {Collection} from '../../core/model.js';
import {bindingOf, commands, keyLabel, type Binding, type Command, type Pane} from '../keymap.js';

export type PaletteEntry =
	/** `pane`: where the command runs, focused first. */
	| {kind: 'command'; label: string; keys: string; command: Command; pane: Pane}
	| {kind: 'request'; label: string; keys: string; collectionId: string; requestId: string; name: string};

/** An entry the query matches; `positions`, the indexes of the label's characters (code points) that matched. */
export type PaletteMatch = {entry: PaletteEntry; positions: ReadonlySet<number>};

/** The palette lists commands that work while moving around, save its own key. */
function listed(command: Command, binding: Binding): boolean {
	return command !== 'app.palette' && binding.modes.includes('navigate');
}

export function paletteEntries(collections: readonly Collection[], focus: Pane): PaletteEntry[] {
	const commandEntries = commands.flatMap(command => {
		const binding = bindingOf(command);
		if (!listed(command, binding)) {
			return [];
		}

		// A command of several panes runs in the focused one when it is among them.
		const pane = binding.panes === 'all' || binding.panes.includes(focus) ? focus : binding.panes[0]!;
		const entry: PaletteEntry = {kind: 'command', label: `${binding.group}: ${binding.description}`, keys: keyLabel(binding.keys[0]!), command, pane};
		const order = binding.panes === 'all' ? 1 : (binding.panes.includes(focus) ? 0 : 3);
		return [{entry, order}];
	});
	const requestEntries = collections.flatMap(collection => collection.requests.map(request => ({
		entry: {kind: 'request', label: `${collection.name} / ${request.name}`, keys: request.method, collectionId: collection.id, requestId: request.id, name: request.name} satisfies PaletteEntry,
		order: 2,
	})));
	// A stable sort: within a rank, the keymap's order and the collections'.
	return [...commandEntries, ...requestEntries].sort((a, b) => a.order - b.order).map(({entry}) => entry);
}

/**
fzf's v2 algorithm finds the best-scoring match in each label, at about 5 µs a label per key
(`npm run bench`, tui-palette): past this many entries a key would take longer than a frame,
and the greedy v1, four times faster, finds the matches instead (the same ones; their order
may differ where a label matches in several places).
*/
const optimalMatchLimit = 2000;

type Finder = {entries: readonly PaletteEntry[]; fzf: Fzf<PaletteEntry>};
let lastFinder: Finder | undefined;
let lastEntries: {collections: readonly Collection[]; focus: Pane; entries: PaletteEntry[]} | undefined;
let lastMatches: {entries: readonly PaletteEntry[]; query: string; matches: PaletteMatch[]} | undefined;

/** The entries for these collections and focus: the same array while they stay. */
export function paletteEntriesOf(collections: readonly Collection[], focus: Pane): PaletteEntry[] {
	if (lastEntries?.collections !== collections || lastEntries.focus !== focus) {
		lastEntries = {collections, focus, entries: paletteEntries(collections, focus)};
	}

	return lastEntries.entries;
}

/** The entries `query` finds, best first; all of them, in order, for an empty query. */
export function paletteMatches(entries: readonly PaletteEntry[], query: string): PaletteMatch[] {
	if (lastMatches?.entries === entries && lastMatches.query === query) {
		return lastMatches.matches;
	}

	if (lastFinder?.entries !== entries) {
		const fuzzy = entries.length > optimalMatchLimit ? 'v1' : 'v2';
		lastFinder = {entries, fzf: new Fzf(entries, {selector: entry => entry.label, match: extendedMatch, fuzzy})};
	}

	const matches = query.trim() === ''
		? entries.map(entry => ({entry, positions: new Set<number>()}))
		: lastFinder.fzf.find(query).map((result: FzfResultItem<PaletteEntry>) => ({entry: result.item, positions: result.positions}));
	lastMatches = {entries, query, matches};
	return matches;
}
