/**
What a prompt of the status bar does with its text: as it is typed (the filter narrows the
tree at each key; a variable's value is held, to be saved if the app quits), on Enter, and
on Esc. A bad answer keeps the prompt open with the reason, and nothing is saved.
*/
import {nameTaken, namedLike} from '../../core/store/find.js';
import {validateVariableName} from '../../core/values.js';
import {createField, type FieldState, type PromptPurpose} from '../app-state.js';
import type {EditableKind, VariableTarget} from '../panes/variables/variable-types.js';
import {textOf} from '../text-buffer.js';
import {change, type Continuation, type Refusal} from '../pipeline/step.js';
import type {Step} from '../pipeline/step.js';
import type {World} from '../pipeline/world.js';
import {applyFilter, chooseEnvironment, revealSelection} from '../panes/collections/tree-selection.js';
import {changedSinceOpened, nameTakenProblem, saveVariable, writeVariable} from '../panes/variables/variable-changes.js';
import {kindLabels, parseValue, valueToText} from '../panes/variables/variable-input.js';
import {keepVariableShown} from '../panes/variables/shown-variables.js';
import {pathLabel, valueAt, withValueAt} from '../panes/variables/value-path.js';
import {draftKeyOf, heldIn} from '../panes/variables/variable-target.js';
import type {Value} from '../../core/values.js';
import type {Mode} from '../app-state.js';

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

		case 'variable-filter': {
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
			const whole = wholeValueOf(purpose, text);
			if (!whole.ok) {
				fail(whole.message);
				return;
			}

			saveVariable(step, purpose.variable, whole.value, {
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
	} else if (purpose.kind === 'variable-filter') {
		step.dispatch({type: 'setVariableFilter', filter: text});
		keepVariableShown(step, world);
	} else if (purpose.kind === 'variable-value') {
		const {variable} = purpose;
		step.effect({
			type: 'save',
			key: heldValueKey,
			held: true,
			// Read only if the app quits with the prompt open: JSON of a large value is not parsed at each key.
			write(services) {
				const whole = wholeValueOf(purpose, text);
				if (whole.ok) {
					writeVariable(services, variable, whole.value);
				}
			},
		});
	}
}

/**
The variable's whole value once `text` is read as the prompt's kind: the text itself, or for
a part of the value (edited from the inspector) the value as opened with that part replaced.
*/
function wholeValueOf({variable, valueKind}: Extract<PromptPurpose, {kind: 'variable-value'}>, text: string): {ok: true; value: Value} | {ok: false; message: string} {
	const parsed = parseValue(text, valueKind);
	if (!parsed.ok || variable.path === undefined) {
		return parsed;
	}

	const whole = variable.opened === undefined ? undefined : withValueAt(variable.opened, variable.path, parsed.value);
	return whole === undefined ? {ok: false, message: `${pathLabel(variable.name, variable.path)} is no longer in ${variable.name}: another window changed it. Esc, then edit it again`} : {ok: true, value: whole};
}

/** Esc on a prompt: a filter is cleared, other prompts are dropped. */
export function cancelPrompt(step: Step, world: World, purpose: StatusPurpose): void {
	if (purpose.kind === 'filter') {
		applyFilter(step, world, '');
	} else if (purpose.kind === 'variable-filter') {
		step.dispatch({type: 'setVariableFilter', filter: ''});
	} else if (purpose.kind === 'variable-value') {
		step.effect({type: 'dropSave', key: heldValueKey});
	}

	step.dispatch({type: 'leaveMode'});
}

/**
Opens the prompt for a variable's value (or the part of it the target names) as `kind`,
holding what its scope stores now as that kind's text; with nothing stored there yet (a new
variable, an override), `startFrom`'s text. JSON is edited in the variables pane, on as many
lines as it takes (see isPaneField); a text refused before is offered again.
*/
export function openValuePrompt(step: Step, world: World, variable: VariableTarget, kind: EditableKind, startFrom?: Value): void {
	const collection = world.collections().find(candidate => candidate.id === variable.collectionId);
	const inEffect = collection === undefined ? undefined : world.variablesInEffect(collection, step.state.environments[collection.id], step.state.selection.requestId).find(candidate => candidate.name === variable.name);
	const held = inEffect === undefined ? undefined : heldIn(inEffect, variable.scope);
	const path = variable.path ?? [];
	const part = held === undefined ? startFrom : valueAt(held.value, path);
	const multiLine = kind === 'json';
	const draft = step.state.valueDrafts[draftKeyOf(variable)];
	const initial = draft ?? (part === undefined ? '' : valueToText(part, kind, multiLine));
	const target: VariableTarget = {...variable, isNew: held === undefined, ...(held === undefined ? {} : {opened: held.value})};
	const where = inEffect !== undefined && inEffect.scope !== variable.scope ? ` in ${variable.scope}` : '';
	const label = `${pathLabel(variable.name, path)}${where} as ${kindLabels[kind]}`;
	step.dispatch({type: 'setMode', mode: {kind: 'prompt', label, purpose: {kind: 'variable-value', variable: target, valueKind: kind}, field: createField(initial, !multiLine)}});
	if (draft !== undefined) {
		step.say(`Your text of ${pathLabel(variable.name, path)} that was not saved, as you left it`, 'warning');
	}
}

/** Whether a prompt is a value typed as JSON, which the variables pane shows on many lines, not the status bar on one. */
export function isPaneField(purpose: PromptPurpose): purpose is Extract<PromptPurpose, {kind: 'variable-value'}> {
	return purpose.kind === 'variable-value' && purpose.valueKind === 'json';
}

/**
Whether Enter saves a value typed as JSON rather than start a new line: with the cursor at the
end of text that reads as JSON, as in a REPL. So `{"id": 1}` typed and Enter saves, and
Enter inside the text breaks a line.
*/
export function enterSaves(purpose: Extract<PromptPurpose, {kind: 'variable-value'}>, field: FieldState): boolean {
	const {lines, cursor} = field.buffer;
	const atEnd = cursor.row === lines.length - 1 && cursor.column === lines[cursor.row]!.length;
	return atEnd && wholeValueOf(purpose, textOf(field.buffer)).ok;
}

/**
Esc in a value typed as JSON (Enter there is a new line but at the end of valid JSON): saves it and closes the field when
it reads as JSON; when not, the field stays open and says where it is wrong, and a second
Esc closes it without saving, keeping the text to be offered again: nothing typed is lost.
*/
export function leavePaneField(step: Step, world: World, mode: Extract<Mode, {kind: 'prompt'}> & {purpose: Extract<PromptPurpose, {kind: 'variable-value'}>}, text: string): void {
	const {purpose} = mode;
	const whole = wholeValueOf(purpose, text);
	if (whole.ok && text === mode.field.original && !mode.field.edited) {
		cancelPrompt(step, world, purpose);
		return;
	}

	if (whole.ok) {
		submitPrompt(step, world, purpose, text);
		return;
	}

	if (mode.error === undefined) {
		step.dispatch({type: 'promptError', error: `${whole.message}. Esc again leaves it unsaved, kept for when you edit it again`});
		return;
	}

	cancelPrompt(step, world, purpose);
	step.dispatch({type: 'valueDraft', key: draftKeyOf(purpose.variable), text});
	step.say(`${pathLabel(purpose.variable.name, purpose.variable.path)} not saved (editing it again opens your text): ${whole.message}`, 'error');
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
