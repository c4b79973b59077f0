/**
What a prompt of the status bar does with its text: as it is typed (the filter narrows the
tree at each key; a variable's value is held, to be saved if the app quits), on Enter, and
on Esc. A bad answer keeps the prompt open with the reason, and nothing is saved.
*/
import {nameTaken, namedLike} from '../../core/store/find.js';
import {validateVariableName} from '../../core/values.js';
import {createField, type PromptPurpose, type VariableTarget} from '../app-state.js';
import {change, type Continuation, type Refusal} from '../pipeline/step.js';
import type {Step} from '../pipeline/step.js';
import type {World} from '../pipeline/world.js';
import {applyFilter, chooseEnvironment, revealSelection} from '../panes/collections/tree-selection.js';
import {changedSinceOpened, nameTakenProblem, saveVariable, writeVariable} from '../panes/variables/variable-changes.js';
import {kindLabels, parseValue, valueToText} from '../panes/variables/variable-input.js';
import type {EditableKind} from '../app-state.js';

/** The saver's key for the value being typed in the variable-value prompt (one prompt is open at a time). */
const heldValueKey = 'variable-value';

type StatusPurpose = Exclude<PromptPurpose, {kind: 'search' | 'save'}>;

/**
Enter on a prompt. `andThen` runs once the answer is taken (the prompt closed): a send from
a variable's value prompt sends only once that value is saved.
*/
export function submitPrompt(step: Step, world: World, purpose: StatusPurpose, text: string, andThen?: (next: Step) => void): void {
	const leave = (next: Step) => {
		next.dispatch({type: 'leaveMode'});
		andThen?.(next);
	};

	const fail = (error: string, next: Step = step) => {
		next.dispatch({type: 'promptError', error});
	};

	const refused: Continuation<Refusal> = ({message}, next) => {
		fail(message, next);
	};

	const name = text.trim();
	switch (purpose.kind) {
		case 'filter': {
			applyFilter(step, world, text);
			leave(step);
			return;
		}

		case 'new-collection': {
			if (name === '') {
				fail('The name is empty: type one, or press Esc');
				return;
			}

			// The store would name a twin "API (2)": here the user is told, to choose another name.
			const taken = namedLike(world.collections(), undefined, name);
			if (taken !== undefined) {
				fail(nameTaken(taken, 'collection'));
				return;
			}

			step.effect(change(({store}) => store.createCollection({name}), (created, next, after) => {
				next.dispatch({type: 'select', selection: {collectionId: created.id}});
				revealSelection(next, after, created.name);
				leave(next);
			}, refused));
			return;
		}

		case 'new-request': {
			// A name typed is the user's to choose again when taken; with none typed, "New request" gains a number.
			const collection = world.collections().find(candidate => candidate.id === purpose.collectionId);
			const taken = name === '' ? undefined : namedLike(collection?.requests ?? [], undefined, name);
			if (taken !== undefined) {
				fail(nameTaken(taken, 'request', collection));
				return;
			}

			step.effect(change(({store}) => store.addRequest(purpose.collectionId, {name: name === '' ? 'New request' : name}), (created, next, after) => {
				next.dispatch({type: 'select', selection: {collectionId: purpose.collectionId, requestId: created.id}});
				revealSelection(next, after, created.name);
				leave(next);
			}, refused));
			return;
		}

		case 'new-environment': {
			// The store would name a twin "qa (2)": here the user is told, to choose another name.
			const collection = world.collections().find(candidate => candidate.id === purpose.collectionId);
			const taken = namedLike(collection?.environments ?? [], undefined, name);
			if (taken !== undefined) {
				fail(nameTaken(taken, 'environment', collection));
				return;
			}

			step.effect(change(({store}) => store.addEnvironment(purpose.collectionId, {name}), (created, next) => {
				leave(next);
				next.say(`Environment ${created.name} created and chosen: n in the variables pane adds its variables`);
				chooseEnvironment(next, purpose.collectionId, created.id);
			}, refused));
			return;
		}

		case 'rename-environment': {
			// A name the store refuses (empty, or another environment's) is said, and the prompt stays to correct it.
			step.effect(change(({store}) => store.renameEnvironment(purpose.collectionId, purpose.environmentId, name), (_renamed, next) => {
				leave(next);
			}, refused));
			return;
		}

		case 'rename-collection':
		case 'rename-request': {
			if (name === '') {
				fail('The name is empty: type one, or press Esc to keep the old one');
				return;
			}

			// A name the store refuses (another request has it) is said, and the prompt stays to correct it.
			step.effect(change(({store}) => purpose.kind === 'rename-collection'
				? store.renameCollection(purpose.collectionId, name)
				: store.updateRequest(purpose.collectionId, purpose.requestId, current => ({...current, name})), (renamed, next, after) => {
				revealSelection(next, after, renamed.name);
				leave(next);
			}, refused));
			return;
		}

		case 'variable-name': {
			const collection = world.collections().find(candidate => candidate.id === purpose.collectionId);
			const problem = validateVariableName(name) ?? (collection === undefined ? undefined : nameTakenProblem(world, collection, purpose.environmentId, name));
			if (problem !== undefined) {
				fail(problem);
				return;
			}

			const variable: VariableTarget = {collectionId: purpose.collectionId, scope: purpose.environmentId === undefined ? 'collection' : 'environment', environmentId: purpose.environmentId, name, isNew: true};
			step.dispatch({type: 'setMode', mode: {kind: 'pick-kind', variable, valueKind: 'string'}});
			return;
		}

		case 'variable-value': {
			const parsed = parseValue(text, purpose.valueKind);
			if (!parsed.ok) {
				fail(parsed.message);
				return;
			}

			saveVariable(step, purpose.variable, parsed.value, {
				then(_saved, next) {
					next.effect({type: 'dropSave', key: heldValueKey});
					leave(next);
				},
				refused,
			});
		}
	}
}

/**
What typing in a prompt does at once: the filter narrows the tree at each key. A variable's
value is saved on Enter, not as it is typed; quitting (ctrl+c, a signal) saves what Enter
would, a value of its kind, and Enter or Esc drops that save.
*/
export function typedInPrompt(step: Step, world: World, purpose: StatusPurpose, text: string): void {
	if (purpose.kind === 'filter') {
		applyFilter(step, world, text);
	} else if (purpose.kind === 'variable-value') {
		const parsed = parseValue(text, purpose.valueKind);
		const {variable} = purpose;
		step.effect({
			type: 'save',
			key: heldValueKey,
			held: true,
			write(services) {
				if (parsed.ok) {
					writeVariable(services, variable, parsed.value);
				}
			},
		});
	}
}

/** Esc on a prompt: the filter is cleared, other prompts are dropped. */
export function cancelPrompt(step: Step, world: World, purpose: StatusPurpose): void {
	if (purpose.kind === 'filter') {
		applyFilter(step, world, '');
	} else if (purpose.kind === 'variable-value') {
		step.effect({type: 'dropSave', key: heldValueKey});
	}

	step.dispatch({type: 'leaveMode'});
}

/** Opens the prompt for a variable's value as `kind`, holding its value now as that kind's text. */
export function openValuePrompt(step: Step, world: World, variable: VariableTarget, kind: EditableKind): void {
	const collection = world.collections().find(candidate => candidate.id === variable.collectionId);
	const existing = collection === undefined || variable.isNew ? undefined : world.variablesInEffect(collection, step.state.environments[collection.id]).find(candidate => candidate.name === variable.name);
	const initial = existing === undefined ? '' : valueToText(existing.value, kind);
	const opened = existing === undefined ? variable : {...variable, opened: existing.value};
	step.dispatch({type: 'setMode', mode: {kind: 'prompt', label: `${variable.name} as ${kindLabels[kind]}`, purpose: {kind: 'variable-value', variable: opened, valueKind: kind}, field: createField(initial, true)}});
}

/**
ctrl+o or ctrl+t in a variable's value prompt after another window stored another value:
save this one over it, or keep that one and close the prompt. Without such a change, nothing.
*/
export function answerValueConflict(step: Step, world: World, purpose: Extract<PromptPurpose, {kind: 'variable-value'}>, choice: 'edit.keepMine' | 'edit.takeTheirs', text: string): void {
	const {variable} = purpose;
	const collection = world.collections().find(candidate => candidate.id === variable.collectionId);
	const list = variable.environmentId === undefined ? collection?.variables : collection?.environments.find(environment => environment.id === variable.environmentId)?.variables;
	const stored = list?.find(candidate => candidate.name === variable.name);
	if (variable.scope === 'runtime' || !changedSinceOpened(variable, stored)) {
		return;
	}

	if (choice === 'edit.keepMine') {
		submitPrompt(step, world, {...purpose, variable: {...variable, isNew: stored === undefined, opened: stored?.value}}, text);
	} else {
		cancelPrompt(step, world, purpose);
		step.say(`The other window's ${variable.name} is kept`);
	}
}
