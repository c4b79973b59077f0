/** The collections pane's commands: moving through the tree and changing what it holds. */
import {parseJsonText} from '../../../core/formats/json-text.js';
import {readSettings} from '../../../core/formats/read-model.js';
import type {Collection} from '../../../core/model.js';
import {createField, type Mode, type PromptPurpose} from '../../app-state.js';
import {editDocument} from '../../edit-document.js';
import type {Command} from '../../keymap.js';
import {change} from '../../pipeline/step.js';
import {pageRowsOf} from '../../pipeline/page-rows.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {moveSelection, selectionOf, treeRows} from './collection-tree.js';
import {applyFilter} from './tree-selection.js';
import {openEnvironmentPicker} from './environment-picker.js';
import {copySelectedAsCurl} from '../../pipeline/curl-copy.js';

/** A one-line prompt in the status bar, its text starting as `initial`. */
export function promptMode(label: string, purpose: PromptPurpose, initial = ''): Mode {
	return {kind: 'prompt', label, purpose, field: createField(initial, true)};
}

/** Handles a command of the collections pane; false when it is not one of its own. */
export function collectionsCommand(step: Step, command: Command, world: World): boolean {
	const {state} = step;
	const rows = treeRows(world.collections(), state);
	const move = (delta: number) => {
		step.dispatch({type: 'select', selection: moveSelection(rows, state.selection, delta)});
	};

	const {collection, request} = selectedOf(world.collections(), state);
	switch (command) {
		case 'nav.up':
		case 'nav.down': {
			move(command === 'nav.up' ? -1 : 1);
			return true;
		}

		case 'nav.pageUp':
		case 'nav.pageDown': {
			move((command === 'nav.pageUp' ? -1 : 1) * pageRowsOf(state));
			return true;
		}

		case 'nav.top':
		case 'nav.bottom': {
			step.dispatch({type: 'select', selection: selectionOf(command === 'nav.top' ? rows[0] : rows.at(-1))});
			return true;
		}

		case 'nav.left': {
			if (request !== undefined && collection !== undefined) {
				step.dispatch({type: 'select', selection: {collectionId: collection.id}});
			} else if (collection !== undefined) {
				step.dispatch({type: 'toggleCollapsed', collectionId: collection.id, collapsed: true});
			}

			return true;
		}

		case 'nav.right': {
			if (collection !== undefined && request === undefined) {
				step.dispatch({type: 'toggleCollapsed', collectionId: collection.id, collapsed: false});
			}

			return true;
		}

		case 'edit.enter': {
			if (request !== undefined) {
				step.dispatch({type: 'focus', pane: 'request'});
			} else if (collection !== undefined) {
				step.dispatch({type: 'toggleCollapsed', collectionId: collection.id});
			}

			return true;
		}

		case 'collections.newCollection': {
			step.dispatch({type: 'setMode', mode: promptMode('New collection', {kind: 'new-collection'})});
			return true;
		}

		case 'collections.new': {
			if (collection === undefined) {
				step.say('No collection to add to: press N to create one first', 'warning');
			} else {
				step.dispatch({type: 'setMode', mode: promptMode(`New request in ${collection.name}`, {kind: 'new-request', collectionId: collection.id})});
			}

			return true;
		}

		case 'collections.rename': {
			if (request !== undefined && collection !== undefined) {
				step.dispatch({type: 'setMode', mode: promptMode('Rename request', {kind: 'rename-request', collectionId: collection.id, requestId: request.id}, request.name)});
			} else if (collection !== undefined) {
				step.dispatch({type: 'setMode', mode: promptMode('Rename collection', {kind: 'rename-collection', collectionId: collection.id}, collection.name)});
			}

			return true;
		}

		case 'collections.duplicate': {
			duplicate(step, collection, request?.id);
			return true;
		}

		case 'collections.delete': {
			if (request !== undefined && collection !== undefined) {
				step.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete request "${request.name}"?`, action: {kind: 'delete-request', collectionId: collection.id, requestId: request.id}}});
			} else if (collection !== undefined) {
				const count = collection.requests.length;
				step.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete collection "${collection.name}" and its ${count} request${count === 1 ? '' : 's'}?`, action: {kind: 'delete-collection', collectionId: collection.id}}});
			}

			return true;
		}

		case 'collections.moveUp':
		case 'collections.moveDown': {
			moveItem(step, world, command === 'collections.moveUp' ? -1 : 1);
			return true;
		}

		case 'collections.filter': {
			step.dispatch({type: 'setMode', mode: promptMode('Filter', {kind: 'filter'}, state.filter)});
			return true;
		}

		case 'collections.clearFilter': {
			applyFilter(step, world, '');
			return true;
		}

		case 'request.copyAsCurl': {
			copySelectedAsCurl(step, world);
			return true;
		}

		case 'collections.environment': {
			if (collection !== undefined) {
				openEnvironmentPicker(step, collection);
			}

			return true;
		}

		case 'collections.renameEnvironment':
		case 'collections.deleteEnvironment': {
			const environment = collection?.environments.find(candidate => candidate.id === state.environments[collection.id]);
			if (collection === undefined || environment === undefined) {
				step.say('No environment chosen: e chooses one', 'warning');
			} else if (command === 'collections.renameEnvironment') {
				step.dispatch({type: 'setMode', mode: promptMode('Rename environment', {kind: 'rename-environment', collectionId: collection.id, environmentId: environment.id}, environment.name)});
			} else {
				const count = environment.variables.length;
				step.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete environment "${environment.name}" and its ${count} variable${count === 1 ? '' : 's'}?`, action: {kind: 'delete-environment', collectionId: collection.id, environmentId: environment.id}}});
			}

			return true;
		}

		case 'collections.newEnvironment': {
			if (collection === undefined) {
				step.say('No collection to add an environment to: press N to create one first', 'warning');
			} else {
				step.dispatch({type: 'setMode', mode: promptMode(`New environment of ${collection.name}, name`, {kind: 'new-environment', collectionId: collection.id})});
			}

			return true;
		}

		case 'collections.settings': {
			if (collection !== undefined) {
				editSettings(step, collection);
			}

			return true;
		}

		case 'collections.strict': {
			if (collection !== undefined) {
				const strict = !collection.settings.strict;
				step.effect(change(({store}) => store.updateCollection(collection.id, current => ({...current, settings: {...current.settings, strict}}))));
				step.say(strict ? `Strict: "${collection.name}" refuses to send while a placeholder is unresolved` : `Strict mode off for "${collection.name}"`);
			}

			return true;
		}

		default: {
			return false;
		}
	}
}

/** Moves the selected request past its neighbour on screen, or the selected collection past the next. */
function moveItem(step: Step, world: World, by: -1 | 1): void {
	const {collection, request} = selectedOf(world.collections(), step.state);
	if (request !== undefined && collection !== undefined) {
		// Past the neighbour on screen: with a filter, a move past hidden requests alone would show nothing.
		const shown = treeRows([collection], step.state).flatMap(row => (row.kind === 'request' ? [row.request.id] : []));
		const at = shown.indexOf(request.id);
		const neighbour = at === -1 ? undefined : shown[at + by];
		const target = neighbour === undefined ? -1 : collection.requests.findIndex(candidate => candidate.id === neighbour);
		if (target >= 0) {
			step.effect(change(({store}) => {
				store.moveRequest(collection.id, request.id, target);
			}));
		}
	} else if (collection !== undefined) {
		const collections = world.collections();
		const target = collections.findIndex(candidate => candidate.id === collection.id) + by;
		if (target >= 0 && target < collections.length) {
			step.effect(change(({store}) => {
				store.moveCollection(collection.id, target);
			}));
		}
	}
}

/**
The collection's settings as JSON in $EDITOR: every setting is written out, so the file
shows what there is to change. Saved only when the whole file is valid; a typo in a name
is refused, not ignored, and `o` opens the refused text again, to correct rather than retype.
*/
function editSettings(step: Step, collection: Collection): void {
	editDocument(step, {
		ownerId: collection.id,
		written: () => `${JSON.stringify(collection.settings, undefined, 2)}\n`,
		read: text => readSettings(parseJsonText(text), 'settings', {fromFile: true}),
		keep(settings, next) {
			next.effect(change(({store}) => store.updateCollection(collection.id, current => ({...current, settings}))));
			next.say(`Settings of "${collection.name}" saved`);
		},
		refused: `Settings of "${collection.name}" not saved`,
	});
}

function duplicate(step: Step, collection: Collection | undefined, requestId: string | undefined): void {
	if (collection === undefined) {
		return;
	}

	if (requestId !== undefined) {
		step.effect(change(({store}) => store.duplicateRequest(collection.id, requestId), (copy, next) => {
			next.dispatch({type: 'select', selection: {collectionId: collection.id, requestId: copy.id}});
			next.say(`Duplicated as "${copy.name}"`);
		}));
		return;
	}

	// The store gives the copy new ids throughout, and a free name: "API (2)".
	const {id: _id, ...fields} = collection;
	step.effect(change(({store}) => store.createCollection(fields), (copy, next) => {
		next.dispatch({type: 'select', selection: {collectionId: copy.id}});
		next.say(`Duplicated as "${copy.name}"`);
	}));
}
