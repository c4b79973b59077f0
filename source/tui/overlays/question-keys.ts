/**
The keys of a question in the status bar: a y/n question before something is deleted, and
the kind a variable's value is typed as.
*/
import type {ConfirmAction, Mode} from '../app-state.js';
import {editableKinds, type EditableKind} from '../panes/variables/variable-types.js';
import {openValuePrompt} from '../field/prompt-purposes.js';
import {keyLabel, keysFor, type Command} from '../keymap.js';
import {change} from '../pipeline/step.js';
import type {Step} from '../pipeline/step.js';
import type {World} from '../pipeline/world.js';
import {selectionInPlaceOf, treeRows} from '../panes/collections/collection-tree.js';
import {keepSelectionShown} from '../panes/collections/tree-selection.js';
import {headerIndexNow} from '../panes/request/header-line.js';
import {deleteVariable} from '../panes/variables/variable-changes.js';

/** y answers yes; any other key, no. */
export function answerConfirm(step: Step, world: World, action: ConfirmAction, command: Command | undefined): void {
	step.dispatch({type: 'leaveMode'});
	if (command !== 'confirm.yes') {
		step.say('Nothing deleted');
		return;
	}

	switch (action.kind) {
		case 'delete-variable': {
			deleteVariable(step, world, action);
			return;
		}

		case 'delete-header': {
			const {header} = action;
			step.effect(change(({store}) => {
				// The header the question named, wherever it stands now: another window may have changed the list.
				let found = false;
				const updated = store.updateRequest(action.collectionId, action.requestId, current => {
					const position = headerIndexNow(current.headers, action.index, header);
					found = position !== undefined;
					return {...current, headers: current.headers.filter((_candidate, index) => index !== position)};
				});
				return {found, count: updated.headers.length};
			}, ({found, count}, next) => {
				next.dispatch({type: 'requestRow', row: Math.min(action.index, count - 1)});
				next.say(found ? `Deleted header ${header.name}` : `Nothing deleted: header ${header.name} was changed or deleted in another curlew window`, found ? 'info' : 'warning');
			}));
			return;
		}

		case 'delete-environment': {
			const environment = world.collections().find(candidate => candidate.id === action.collectionId)?.environments.find(candidate => candidate.id === action.environmentId);
			// The store forgets it as the chosen one; the screen follows.
			step.effect(change(({store}) => {
				store.deleteEnvironment(action.collectionId, action.environmentId);
			}, (_deleted, next) => {
				next.dispatch({type: 'setEnvironment', collectionId: action.collectionId, environmentId: undefined});
				next.say(`Deleted environment "${environment?.name ?? ''}"`);
			}));
			return;
		}

		case 'delete-request': {
			const collection = world.collections().find(candidate => candidate.id === action.collectionId);
			const name = collection?.requests.find(request => request.id === action.requestId)?.name ?? '';
			// Its neighbour among the rows shown now, so a filter does not put the selection out of sight.
			const next = selectionInPlaceOf(treeRows(world.collections(), step.state), action.requestId);
			step.effect(change(({store}) => {
				store.deleteRequest(action.collectionId, action.requestId);
			}, (_deleted, after, fresh) => {
				after.dispatch({type: 'select', selection: next});
				keepSelectionShown(after, fresh);
				after.say(`Deleted request "${name}"`);
			}));
			return;
		}

		case 'delete-collection': {
			const collections = world.collections();
			const index = collections.findIndex(candidate => candidate.id === action.collectionId);
			const name = collections[index]?.name ?? '';
			step.effect(change(({store}) => {
				store.deleteCollection(action.collectionId);
			}, (_deleted, after, fresh) => {
				// The one above takes its place, or the one below when it was the first.
				const neighbour = fresh.collections()[Math.max(0, index - 1)];
				after.dispatch({type: 'select', selection: neighbour === undefined ? {} : {collectionId: neighbour.id}});
				keepSelectionShown(after, fresh);
				after.say(`Deleted collection "${name}"`);
			}));
		}
	}
}

const pickedKinds: Partial<Record<Command, EditableKind>> = {
	'pick.string': 'string',
	'pick.number': 'number',
	'pick.boolean': 'boolean',
	'pick.json': 'json',
	'pick.date': 'date',
};

/** A key while a variable's kind is picked: a kind's letter or Enter goes on to the value, arrows change the kind, Esc cancels. */
export function pickKind(step: Step, world: World, mode: Extract<Mode, {kind: 'pick-kind'}>, command: Command | undefined): void {
	switch (command) {
		case 'pick.cancel': {
			step.dispatch({type: 'leaveMode'});
			return;
		}

		case 'pick.previous':
		case 'pick.next': {
			const delta = command === 'pick.previous' ? editableKinds.length - 1 : 1;
			const valueKind = editableKinds[(editableKinds.indexOf(mode.valueKind) + delta) % editableKinds.length]!;
			step.dispatch({type: 'setMode', mode: {...mode, valueKind}});
			return;
		}

		case 'pick.accept': {
			openValuePrompt(step, world, mode.variable, mode.valueKind);
			return;
		}

		default: {
			const chosen = command === undefined ? undefined : pickedKinds[command];
			if (chosen !== undefined) {
				openValuePrompt(step, world, mode.variable, chosen);
			}
		}
	}
}

/** The kinds to pick from, each with its key from the keymap, the one picked now in brackets. */
export function kindChoices(selected: EditableKind): string {
	const keyOf = (kind: EditableKind) => keyLabel(keysFor(Object.entries(pickedKinds).find(([, picked]) => picked === kind)![0] as Command)[0]!);
	return editableKinds.map(kind => (kind === selected ? `[${keyOf(kind)} ${kind}]` : `${keyOf(kind)} ${kind}`)).join('  ');
}
