/**
The collections pane: a tree of collections and their requests, with the environment
of each collection. Every change goes through the store at once.
*/
import {useRef} from 'react';
import {Box, Text} from 'ink';
import {parseJsonText} from '../../core/formats/json-text.js';
import {readSettings} from '../../core/formats/read-model.js';
import type {Collection, CollectionSettings} from '../../core/model.js';
import {oneLine} from '../../core/visible-text.js';
import {useAppState, useCollections} from '../app-context.js';
import {cycle} from '../app-state.js';
import {colorsEnabled} from '../color-support.js';
import type {Command} from '../keymap.js';
import {moveSelection, scrollTop, selectedRowIndex, selectionOf, treeRows, type TreeRow} from './collection-tree.js';
import {applyFilter} from './collections-pane-selection.js';
import {collectionsNow, editInEditor, say, selectedNow, stateOf, storeChange, type CommandContext} from './command-context.js';
import {methodColor} from './method-color.js';
import {contentRows, PaneFrame} from './pane-frame.js';

export type PaneProps = {width: number; height: number; focused: boolean};

export function CollectionsPane({width, height, focused}: PaneProps) {
	const state = useAppState();
	const collections = useCollections();
	const rows = treeRows(collections, state);
	const selected = selectedRowIndex(rows, state.selection);
	const visibleRows = contentRows(height) - (state.filter === '' ? 0 : 1);
	const top = useRef(0);
	top.current = scrollTop(Math.max(0, selected), rows.length, visibleRows, top.current);
	const colors = colorsEnabled();
	const {collection} = selectedOf(collections, state.selection.collectionId);
	const environment = collection?.environments.find(candidate => candidate.id === state.environments[collection.id]);

	return (
		<PaneFrame title="Collections" detail={environment ? `[${environment.name}]` : collection && collection.environments.length > 0 ? '[no env]' : undefined} focused={focused} width={width} height={height}>
			{state.filter === '' ? null : <FilterLine filter={state.filter}/>}
			{rows.length === 0
				? <Text dimColor wrap="truncate-end">{collections.length === 0 ? 'None yet: N creates one' : 'Nothing matches the filter'}</Text>
				: rows.slice(top.current, top.current + visibleRows).map((row, index) => (
					<TreeLine key={rowKey(row)} row={row} isSelected={top.current + index === selected} focused={focused} colors={colors}/>
				))}
		</PaneFrame>
	);
}

/** The filter, cut short when it is long, so the way out always shows. */
function FilterLine({filter}: {filter: string}) {
	return (
		<Box>
			<Box flexShrink={1}>
				<Text dimColor wrap="truncate-end">filter: {filter}</Text>
			</Box>
			<Box flexShrink={0}>
				<Text dimColor> (esc clears)</Text>
			</Box>
		</Box>
	);
}

function selectedOf(collections: readonly Collection[], collectionId: string | undefined): {collection?: Collection} {
	return {collection: collections.find(candidate => candidate.id === collectionId)};
}

function rowKey(row: TreeRow): string {
	return row.kind === 'collection' ? row.collection.id : row.request.id;
}

function TreeLine({row, isSelected, focused, colors}: {row: TreeRow; isSelected: boolean; focused: boolean; colors: boolean}) {
	const marker = isSelected ? '›' : ' ';
	if (row.kind === 'collection') {
		return (
			<Text wrap="truncate-end" inverse={isSelected && focused} bold>
				{marker}{row.collapsed ? '▸' : '▾'} {oneLine(row.collection.name)} <Text dimColor>({row.collection.requests.length}){row.collection.settings.strict ? ' strict' : ''}</Text>
			</Text>
		);
	}

	return (
		<Text wrap="truncate-end" inverse={isSelected && focused} bold={isSelected && !focused}>
			{marker}  <Text color={colors ? methodColor(row.request.method) : undefined}>{row.request.method.padEnd(6)}</Text> {oneLine(row.request.name)}
		</Text>
	);
}

/** Handles a command of the collections pane; false when it is not one of its own. */
export function handleCollectionsCommand(command: Command, context: CommandContext): boolean {
	const {container} = context;
	const state = stateOf(context);
	const rows = treeRows(collectionsNow(context), state);
	const move = (delta: number) => {
		container.dispatch({type: 'select', selection: moveSelection(rows, state.selection, delta)});
	};

	const {collection, request} = selectedNow(context);
	switch (command) {
		case 'nav.up': {
			move(-1);
			return true;
		}

		case 'nav.down': {
			move(1);
			return true;
		}

		case 'nav.pageUp': {
			move(-context.pageRows);
			return true;
		}

		case 'nav.pageDown': {
			move(context.pageRows);
			return true;
		}

		case 'nav.top': {
			container.dispatch({type: 'select', selection: selectionOf(rows[0])});
			return true;
		}

		case 'nav.bottom': {
			container.dispatch({type: 'select', selection: selectionOf(rows.at(-1))});
			return true;
		}

		case 'nav.left': {
			if (request !== undefined && collection !== undefined) {
				container.dispatch({type: 'select', selection: {collectionId: collection.id}});
			} else if (collection !== undefined) {
				container.dispatch({type: 'toggleCollapsed', collectionId: collection.id, collapsed: true});
			}

			return true;
		}

		case 'nav.right': {
			if (collection !== undefined && request === undefined) {
				container.dispatch({type: 'toggleCollapsed', collectionId: collection.id, collapsed: false});
			}

			return true;
		}

		case 'edit.enter': {
			if (request !== undefined) {
				container.dispatch({type: 'focus', pane: 'request'});
			} else if (collection !== undefined) {
				container.dispatch({type: 'toggleCollapsed', collectionId: collection.id});
			}

			return true;
		}

		case 'collections.newCollection': {
			container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: 'New collection', initial: '', purpose: {kind: 'new-collection'}}});
			return true;
		}

		case 'collections.new': {
			if (collection === undefined) {
				say(context, 'No collection to add to: press N to create one first', 'warning');
			} else {
				container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: `New request in ${collection.name}`, initial: '', purpose: {kind: 'new-request', collectionId: collection.id}}});
			}

			return true;
		}

		case 'collections.rename': {
			if (request !== undefined && collection !== undefined) {
				container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: 'Rename request', initial: request.name, purpose: {kind: 'rename-request', collectionId: collection.id, requestId: request.id}}});
			} else if (collection !== undefined) {
				container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: 'Rename collection', initial: collection.name, purpose: {kind: 'rename-collection', collectionId: collection.id}}});
			}

			return true;
		}

		case 'collections.duplicate': {
			duplicate(context);
			return true;
		}

		case 'collections.delete': {
			if (request !== undefined && collection !== undefined) {
				container.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete request "${request.name}"?`, action: {kind: 'delete-request', collectionId: collection.id, requestId: request.id}}});
			} else if (collection !== undefined) {
				const count = collection.requests.length;
				container.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete collection "${collection.name}" and its ${count} request${count === 1 ? '' : 's'}?`, action: {kind: 'delete-collection', collectionId: collection.id}}});
			}

			return true;
		}

		case 'collections.moveUp':
		case 'collections.moveDown': {
			const step = command === 'collections.moveUp' ? -1 : 1;
			if (request !== undefined && collection !== undefined) {
				// Past the neighbour on screen: with a filter, a move past hidden requests alone would show nothing.
				const shown = treeRows([collection], state).flatMap(row => (row.kind === 'request' ? [row.request.id] : []));
				const at = shown.indexOf(request.id);
				const neighbour = at === -1 ? undefined : shown[at + step];
				const target = neighbour === undefined ? -1 : collection.requests.findIndex(candidate => candidate.id === neighbour);
				if (target >= 0) {
					storeChange(context, () => {
						context.services.store.moveRequest(collection.id, request.id, target);
					});
				}
			} else if (collection !== undefined) {
				const collections = context.services.store.collections();
				const target = collections.findIndex(candidate => candidate.id === collection.id) + step;
				if (target >= 0 && target < collections.length) {
					storeChange(context, () => {
						context.services.store.moveCollection(collection.id, target);
					});
				}
			}

			return true;
		}

		case 'collections.filter': {
			container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: 'Filter', initial: state.filter, purpose: {kind: 'filter'}}});
			return true;
		}

		case 'collections.clearFilter': {
			applyFilter(context, '');
			return true;
		}

		case 'collections.environment': {
			if (collection === undefined) {
				return true;
			}

			if (collection.environments.length === 0) {
				say(context, `Collection "${collection.name}" has no environments: E adds one`, 'warning');
				return true;
			}

			const choices = [undefined, ...collection.environments.map(environment => environment.id)];
			const next = cycle(choices, state.environments[collection.id]);
			const name = collection.environments.find(environment => environment.id === next)?.name;
			say(context, name === undefined ? 'No environment' : `Environment: ${name}`);
			chooseEnvironment(context, collection.id, next);
			return true;
		}

		case 'collections.renameEnvironment':
		case 'collections.deleteEnvironment': {
			const environment = collection?.environments.find(candidate => candidate.id === state.environments[collection.id]);
			if (collection === undefined || environment === undefined) {
				say(context, 'No environment chosen: e chooses one', 'warning');
			} else if (command === 'collections.renameEnvironment') {
				container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: 'Rename environment', initial: environment.name, purpose: {kind: 'rename-environment', collectionId: collection.id, environmentId: environment.id}}});
			} else {
				const count = environment.variables.length;
				container.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete environment "${environment.name}" and its ${count} variable${count === 1 ? '' : 's'}?`, action: {kind: 'delete-environment', collectionId: collection.id, environmentId: environment.id}}});
			}

			return true;
		}

		case 'collections.newEnvironment': {
			if (collection === undefined) {
				say(context, 'No collection to add an environment to: press N to create one first', 'warning');
			} else {
				container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: `New environment of ${collection.name}, name`, initial: '', purpose: {kind: 'new-environment', collectionId: collection.id}}});
			}

			return true;
		}

		case 'collections.settings': {
			if (collection !== undefined) {
				editSettings(context, collection);
			}

			return true;
		}

		case 'collections.strict': {
			if (collection !== undefined) {
				const strict = !collection.settings.strict;
				storeChange(context, () => {
					context.services.store.updateCollection(collection.id, current => ({...current, settings: {...current.settings, strict}}));
				});
				say(context, strict ? `Strict: "${collection.name}" refuses to send while a placeholder is unresolved` : `Strict mode off for "${collection.name}"`);
			}

			return true;
		}

		default: {
			return false;
		}
	}
}

/** Settings text the user wrote and curlew refused, by collection: o opens it again to correct, not retype. */
const refusedSettings = new Map<string, string>();

/**
The collection's settings as JSON in $EDITOR: every setting is written out, so the file
shows what there is to change. Saved only when the whole file is valid; a typo in a name
is refused, not ignored.
*/
function editSettings(context: CommandContext, collection: Collection): void {
	const written = editInEditor(context, refusedSettings.get(collection.id) ?? `${JSON.stringify(collection.settings, undefined, 2)}\n`, 'json');
	if (written === undefined) {
		return;
	}

	let settings: CollectionSettings;
	try {
		settings = readSettings(parseJsonText(written), 'settings', {fromFile: true});
	} catch (error) {
		refusedSettings.set(collection.id, written);
		// The way back first: a long reason is cut at the terminal's width.
		say(context, `Settings of "${collection.name}" not saved (o opens your text again): ${(error as Error).message}`, 'error');
		return;
	}

	refusedSettings.delete(collection.id);
	storeChange(context, () => {
		context.services.store.updateCollection(collection.id, current => ({...current, settings}));
	});
	say(context, `Settings of "${collection.name}" saved`);
}

/** Makes `environmentId` the collection's environment, saved at once for the next start and for `curlew run` without --env (a failure to save is said). */
export function chooseEnvironment(context: CommandContext, collectionId: string, environmentId: string | undefined): void {
	context.container.dispatch({type: 'setEnvironment', collectionId, environmentId});
	storeChange(context, () => context.services.store.updateSettings(settings => ({...settings, selectedEnvironments: withEnvironment(settings.selectedEnvironments, collectionId, environmentId)})));
}

function withEnvironment(selected: Readonly<Record<string, string>>, collectionId: string, environmentId: string | undefined): Record<string, string> {
	const {[collectionId]: _previous, ...others} = selected;
	return environmentId === undefined ? others : {...others, [collectionId]: environmentId};
}

function duplicate(context: CommandContext): void {
	const {collection, request} = selectedNow(context);
	const {store} = context.services;
	if (request !== undefined && collection !== undefined) {
		const copy = storeChange(context, () => store.duplicateRequest(collection.id, request.id));
		if (copy !== undefined) {
			context.container.dispatch({type: 'select', selection: {collectionId: collection.id, requestId: copy.id}});
			say(context, `Duplicated as "${copy.name}"`);
		}
	} else if (collection !== undefined) {
		// The store gives the copy new ids throughout, and a free name: "API (2)".
		const {id: _id, ...fields} = collection;
		const copy = storeChange(context, () => store.createCollection(fields));
		if (copy !== undefined) {
			context.container.dispatch({type: 'select', selection: {collectionId: copy.id}});
			say(context, `Duplicated as "${copy.name}"`);
		}
	}
}
