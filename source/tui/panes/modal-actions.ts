/**
What happens when a prompt is submitted, a y/n question answered or a variable's kind
picked. A bad answer keeps the prompt open with the reason, and nothing is saved.
*/
import {nameTaken, namedLike} from '../../core/store/find.js';
import type {Variable} from '../../core/model.js';
import {mask} from '../../core/secrets.js';
import type {Value} from '../../core/values.js';
import {validateVariableName, valuesEqual} from '../../core/values.js';
import {editableKinds, type ConfirmAction, type EditableKind, type PromptPurpose, type VariableTarget} from '../app-state.js';
import type {KeyPress} from '../keys.js';
import {selectionInPlaceOf, treeRows} from './collection-tree.js';
import {applyFilter, keepSelectionShown, revealSelection} from './collections-pane-selection.js';
import {collectionsNow, say, stateOf, storeChange, type CommandContext} from './command-context.js';
import {chooseEnvironment} from './collections-pane.js';
import {deleteVariable, nameTakenProblem, variablesInEffect} from './variables-pane.js';
import {headerIndexNow} from './header-line.js';
import {EditConflict} from './edit-conflict.js';
import {editableKindOf, kindLabels, parseValue, valueToText} from './variable-input.js';

/** The saver's key for the value being typed in the variable-value prompt (one prompt is open at a time). */
const heldValueKey = 'variable-value';

export function submitPrompt(context: CommandContext, purpose: PromptPurpose, text: string): void {
	const {container, services} = context;
	const {store} = services;
	const leave = () => {
		container.dispatch({type: 'leaveMode'});
	};

	const fail = (error: string) => {
		container.dispatch({type: 'promptError', error});
	};

	const name = text.trim();
	switch (purpose.kind) {
		case 'filter': {
			applyFilter(context, text);
			leave();
			return;
		}

		case 'new-collection': {
			if (name === '') {
				fail('The name is empty: type one, or press Esc');
				return;
			}

			// The store would name a twin "API (2)": here the user is told, to choose another name.
			const taken = namedLike(collectionsNow(context), undefined, name);
			if (taken !== undefined) {
				fail(nameTaken(taken, 'collection'));
				return;
			}

			const created = storeChange(context, () => store.createCollection({name}), fail);
			if (created !== undefined) {
				container.dispatch({type: 'select', selection: {collectionId: created.id}});
				revealSelection(context, created.name);
				leave();
			}

			return;
		}

		case 'new-request': {
			// A name typed is the user's to choose again when taken; with none typed, "New request" gains a number.
			const collection = collectionsNow(context).find(candidate => candidate.id === purpose.collectionId);
			const taken = name === '' ? undefined : namedLike(collection?.requests ?? [], undefined, name);
			if (taken !== undefined) {
				fail(nameTaken(taken, 'request', collection));
				return;
			}

			const created = storeChange(context, () => store.addRequest(purpose.collectionId, {name: name === '' ? 'New request' : name}), fail);
			if (created !== undefined) {
				container.dispatch({type: 'select', selection: {collectionId: purpose.collectionId, requestId: created.id}});
				revealSelection(context, created.name);
				leave();
			}

			return;
		}

		case 'new-environment': {
			// The store would name a twin "qa (2)": here the user is told, to choose another name.
			const collection = collectionsNow(context).find(candidate => candidate.id === purpose.collectionId);
			const taken = namedLike(collection?.environments ?? [], undefined, name);
			if (taken !== undefined) {
				fail(nameTaken(taken, 'environment', collection));
				return;
			}

			const created = storeChange(context, () => store.addEnvironment(purpose.collectionId, {name}), fail);
			if (created !== undefined) {
				leave();
				say(context, `Environment ${created.name} created and chosen: n in the variables pane adds its variables`);
				chooseEnvironment(context, purpose.collectionId, created.id);
			}

			return;
		}

		case 'rename-environment': {
			// A name the store refuses (empty, or another environment's) is said, and the prompt stays to correct it.
			if (storeChange(context, () => store.renameEnvironment(purpose.collectionId, purpose.environmentId, name), fail) !== undefined) {
				leave();
			}

			return;
		}

		case 'rename-collection':
		case 'rename-request': {
			if (name === '') {
				fail('The name is empty: type one, or press Esc to keep the old one');
				return;
			}

			const renamed = storeChange(context, () => purpose.kind === 'rename-collection'
				? store.renameCollection(purpose.collectionId, name)
				: store.updateRequest(purpose.collectionId, purpose.requestId, current => ({...current, name})), fail);
			// A name the store refuses (another request has it) is said, and the prompt stays to correct it.
			if (renamed !== undefined) {
				revealSelection(context, renamed.name);
				leave();
			}

			return;
		}

		case 'variable-name': {
			const collection = collectionsNow(context).find(candidate => candidate.id === purpose.collectionId);
			const problem = validateVariableName(name) ?? (collection === undefined ? undefined : nameTakenProblem(services.session, collection, purpose.environmentId, name));
			if (problem !== undefined) {
				fail(problem);
				return;
			}

			const variable: VariableTarget = {collectionId: purpose.collectionId, scope: purpose.environmentId === undefined ? 'collection' : 'environment', environmentId: purpose.environmentId, name, isNew: true};
			container.dispatch({type: 'setMode', mode: {kind: 'pick-kind', variable, valueKind: 'string'}});
			return;
		}

		case 'variable-value': {
			const parsed = parseValue(text, purpose.valueKind);
			if (!parsed.ok) {
				fail(parsed.message);
				return;
			}

			if (saveVariable(context, purpose.variable, parsed.value, fail)) {
				context.saver.release(heldValueKey);
				leave();
			}
		}
	}
}

/**
Saves a variable's value; false when the store refused it (said through `refused`), or when
another window stored another value since the prompt opened (see edit-conflict.ts).
*/
function saveVariable(context: CommandContext, target: VariableTarget, value: Value, refused: (message: string, error: unknown) => void): boolean {
	const {services} = context;
	const saved = storeChange(context, () => {
		if (target.scope === 'runtime') {
			services.session.runtimeOf({id: target.collectionId}).set(target.name, value);
		} else {
			services.store.updateVariable(target.collectionId, target.name, current => {
				if (changedSinceOpened(target, current)) {
					const masked = (current?.secret ?? target.secret) === true && !stateOf(context).revealSecrets;
					throw new EditConflict(target.name, current === undefined ? undefined : masked ? mask : valueToText(current.value, editableKindOf(current.value)));
				}

				// Secret as stored when it is written: another window may have marked it since the prompt opened.
				return {name: target.name, value, ...((current === undefined ? target.secret : current.secret) === true ? {secret: true} : {})};
			}, target.environmentId);
		}

		return true;
	}, refused);
	if (saved === undefined) {
		return false;
	}

	context.container.dispatch({type: 'selectVariable', variable: {scope: target.scope, name: target.name}});
	say(context, `Saved ${target.name} (${target.scope})`);
	return true;
}

/**
Live updates while a prompt is typed in: the filter narrows the tree at each key. A
variable's value is saved on Enter, not as it is typed; quitting (ctrl+c, a signal) saves
what Enter would, a value of its kind, and Enter or Esc drops that save.
*/
export function changePrompt(context: CommandContext, purpose: PromptPurpose, text: string): void {
	if (purpose.kind === 'filter') {
		applyFilter(context, text);
	} else if (purpose.kind === 'variable-value') {
		context.saver.hold(heldValueKey, () => {
			const parsed = parseValue(text, purpose.valueKind);
			if (parsed.ok) {
				// Thrown on to the saver, which keeps a value the store could not take yet (and quitting waits).
				saveVariable(context, purpose.variable, parsed.value, (_message, error) => {
					throw error;
				});
			}
		});
	}
}

function changedSinceOpened(target: VariableTarget, stored: Variable | undefined): boolean {
	return target.isNew ? stored !== undefined : stored === undefined || target.opened === undefined || !valuesEqual(stored.value, target.opened);
}

/**
ctrl+o or ctrl+t in a variable's value prompt after another window stored another value:
save this one over it, or keep that one and close the prompt. Without such a change, nothing.
*/
export function answerValueConflict(context: CommandContext, purpose: Extract<PromptPurpose, {kind: 'variable-value'}>, choice: 'edit.keepMine' | 'edit.takeTheirs', text: string): void {
	const {variable} = purpose;
	const collection = collectionsNow(context).find(candidate => candidate.id === variable.collectionId);
	const list = variable.environmentId === undefined ? collection?.variables : collection?.environments.find(environment => environment.id === variable.environmentId)?.variables;
	const stored = list?.find(candidate => candidate.name === variable.name);
	if (variable.scope === 'runtime' || !changedSinceOpened(variable, stored)) {
		return;
	}

	if (choice === 'edit.keepMine') {
		submitPrompt(context, {...purpose, variable: {...variable, isNew: stored === undefined, opened: stored?.value}}, text);
	} else {
		cancelPrompt(context, purpose);
		say(context, `The other window's ${variable.name} is kept`);
	}
}

/** Esc on a prompt: the filter is cleared, other prompts are dropped. */
export function cancelPrompt(context: CommandContext, purpose: PromptPurpose): void {
	if (purpose.kind === 'filter') {
		applyFilter(context, '');
	} else if (purpose.kind === 'variable-value') {
		context.saver.release(heldValueKey);
	}

	context.container.dispatch({type: 'leaveMode'});
}

export function answerConfirm(context: CommandContext, action: ConfirmAction, press: KeyPress): void {
	const {container, services} = context;
	container.dispatch({type: 'leaveMode'});
	if (press.name !== 'y' && press.name !== 'Y') {
		say(context, 'Nothing deleted');
		return;
	}

	if (action.kind === 'delete-variable') {
		deleteVariable(context, action);
	} else if (action.kind === 'delete-header') {
		const {header} = action;
		// The header the question named, wherever it stands now: another window may have changed the list.
		let found = false;
		const deleted = storeChange(context, () => services.store.updateRequest(action.collectionId, action.requestId, current => {
			const position = headerIndexNow(current.headers, action.index, header);
			found = position !== undefined;
			return {...current, headers: current.headers.filter((_candidate, index) => index !== position)};
		}));
		if (deleted !== undefined) {
			container.dispatch({type: 'requestRow', row: Math.min(action.index, deleted.headers.length - 1)});
			say(context, found ? `Deleted header ${header.name}` : `Nothing deleted: header ${header.name} was changed or deleted in another curlew window`, found ? 'info' : 'warning');
		}
	} else if (action.kind === 'delete-environment') {
		const environment = collectionsNow(context).find(candidate => candidate.id === action.collectionId)?.environments.find(candidate => candidate.id === action.environmentId);
		// The store forgets it as the chosen one; the screen follows.
		const deleted = storeChange(context, () => {
			services.store.deleteEnvironment(action.collectionId, action.environmentId);
			return true;
		});
		if (deleted === true) {
			container.dispatch({type: 'setEnvironment', collectionId: action.collectionId, environmentId: undefined});
			say(context, `Deleted environment "${environment?.name ?? ''}"`);
		}
	} else if (action.kind === 'delete-request') {
		const collection = collectionsNow(context).find(candidate => candidate.id === action.collectionId);
		const name = collection?.requests.find(request => request.id === action.requestId)?.name ?? '';
		// Its neighbour among the rows shown now, so a filter does not put the selection out of sight.
		const rows = treeRows(collectionsNow(context), stateOf(context));
		const next = selectionInPlaceOf(rows, action.requestId);
		storeChange(context, () => {
			services.store.deleteRequest(action.collectionId, action.requestId);
		});
		container.dispatch({type: 'select', selection: next});
		keepSelectionShown(context);
		say(context, `Deleted request "${name}"`);
	} else {
		const collections = collectionsNow(context);
		const index = collections.findIndex(candidate => candidate.id === action.collectionId);
		const name = collections[index]?.name ?? '';
		storeChange(context, () => {
			services.store.deleteCollection(action.collectionId);
		});
		// The one above takes its place, or the one below when it was the first.
		const neighbour = collectionsNow(context)[Math.max(0, index - 1)];
		container.dispatch({type: 'select', selection: neighbour === undefined ? {} : {collectionId: neighbour.id}});
		keepSelectionShown(context);
		say(context, `Deleted collection "${name}"`);
	}
}

const kindKeys: Readonly<Record<string, EditableKind>> = {s: 'string', n: 'number', b: 'boolean', j: 'json', d: 'date'};

/** A key while a variable's kind is picked: a kind's letter or enter goes on to the value, arrows change the kind, Esc cancels. */
export function pickKind(context: CommandContext, press: KeyPress): void {
	const {container} = context;
	const mode = stateOf(context).mode;
	if (mode.kind !== 'pick-kind') {
		return;
	}

	if (press.name === 'escape') {
		container.dispatch({type: 'leaveMode'});
		return;
	}

	if (press.name === 'up' || press.name === 'left' || press.name === 'down' || press.name === 'right' || press.name === 'tab') {
		const delta = press.name === 'up' || press.name === 'left' ? editableKinds.length - 1 : 1;
		const valueKind = editableKinds[(editableKinds.indexOf(mode.valueKind) + delta) % editableKinds.length]!;
		container.dispatch({type: 'setMode', mode: {...mode, valueKind}});
		return;
	}

	const chosen = kindKeys[press.name] ?? (press.name === 'return' ? mode.valueKind : undefined);
	if (chosen !== undefined) {
		openValuePrompt(context, mode.variable, chosen);
	}
}

/** Opens the prompt for a variable's value as `kind`, holding its value now as that kind's text. */
export function openValuePrompt(context: CommandContext, variable: VariableTarget, kind: EditableKind): void {
	const collection = collectionsNow(context).find(candidate => candidate.id === variable.collectionId);
	const existing = collection === undefined || variable.isNew ? undefined : variablesInEffect(context.services.session, collection, stateOf(context).environments[collection.id]).find(candidate => candidate.name === variable.name);
	const initial = existing === undefined ? '' : valueToText(existing.value, kind);
	const opened = existing === undefined ? variable : {...variable, opened: existing.value};
	context.container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: `${variable.name} as ${kindLabels[kind]}`, initial, purpose: {kind: 'variable-value', variable: opened, valueKind: kind}}});
}

export function kindChoices(selected: EditableKind): string {
	const letters: Record<EditableKind, string> = {string: 's', number: 'n', boolean: 'b', json: 'j', date: 'd'};
	return editableKinds.map(kind => (kind === selected ? `[${letters[kind]} ${kind}]` : `${letters[kind]} ${kind}`)).join('  ');
}
