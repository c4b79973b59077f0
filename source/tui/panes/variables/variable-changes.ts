/** Changes to variables that several keys and prompts make: saving a value, deleting one, and the name rule of a new one. */
import type {Collection, Variable} from '../../../core/model.js';
import {mask} from '../../../core/secrets.js';
import type {Scope} from '../../../core/scopes.js';
import {valuesEqual, type Value} from '../../../core/values.js';
import {EditConflict} from '../../field/edit-conflict.js';
import {showValue} from './show-value.js';
import {pathLabel, valueAt} from './value-path.js';
import {editableKindOf, valueToText} from './variable-input.js';
import {draftKeyOf} from './variable-target.js';
import type {TuiServices} from '../../app-context.js';
import type {ConfirmAction} from '../../app-state.js';
import type {VariableTarget} from './variable-types.js';
import {change, type Continuation, type Refusal} from '../../pipeline/step.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';

/**
Saves a variable's value: a runtime one in the session, others through the store, keeping
the secret flag as stored when it is written (another window may have marked it since the
value was opened). The message shows what was saved (a date typed as +1d, as the ISO value
it became), masked when secret. `then` goes on once it is saved, `refused` gets why it was not.
*/
export function saveVariable(step: Step, target: VariableTarget, value: Value, options: {then?: Continuation<void>; refused?: Continuation<Refusal>} = {}): void {
	const masked = !step.state.revealSecrets;
	const path = target.path ?? [];
	const part = valueAt(value, path);
	const shown = part === undefined ? '' : ` = ${showValue(part, {secret: target.secret, reveal: !masked, cells: 60})}`;
	step.effect(change(services => {
		writeVariable(services, target, value, masked);
	}, (result, next, world) => {
		next.dispatch({type: 'selectVariable', variable: {scope: target.scope, name: target.name}});
		next.dispatch({type: 'valueDraft', key: draftKeyOf(target), text: undefined});
		next.say(`Saved ${pathLabel(target.name, path)}${shown} (${target.scope})`);
		options.then?.(result, next, world);
	}, options.refused));
}

/**
Writes a variable's value where it lives: a runtime one in the session, others through the
store, unless another window stored another value there since its prompt opened: that is an
EditConflict (`masked` hides a secret's value in its message), and nothing is written.
*/
export function writeVariable({store, session}: TuiServices, target: VariableTarget, value: Value, masked = true): void {
	if (target.scope === 'runtime') {
		session.runtimeOf({id: target.collectionId}).set(target.name, value);
		return;
	}

	store.updateVariable(target.collectionId, target.name, current => {
		if (changedSinceOpened(target, current)) {
			const hidden = (current?.secret ?? target.secret) === true && masked;
			throw new EditConflict(target.name, current === undefined ? undefined : hidden ? mask : valueToText(current.value, editableKindOf(current.value)));
		}

		// Secret as stored when it is written: another window may have marked it since the prompt opened.
		return {name: target.name, value, ...((current === undefined ? target.secret : current.secret) === true ? {secret: true} : {})};
	}, target.environmentId);
}

/** Whether the stored variable is no longer the one the prompt opened on (or a new one's name was taken meanwhile). */
export function changedSinceOpened(target: VariableTarget, stored: Variable | undefined): boolean {
	return target.isNew ? stored !== undefined : stored === undefined || target.opened === undefined || !valuesEqual(stored.value, target.opened);
}

/** Deletes the variable a y answered for; its neighbour, or the one it hid, is selected then. */
export function deleteVariable(step: Step, world: World, action: Extract<ConfirmAction, {kind: 'delete-variable'}>): void {
	const {collectionId, variable, environmentId} = action;
	const collection = world.collections().find(candidate => candidate.id === collectionId);
	const inEffect = collection === undefined ? [] : world.variablesInEffect(collection, step.state.environments[collectionId], step.state.selection.requestId);
	const hidden = inEffect.find(candidate => candidate.scope === variable.scope && candidate.name === variable.name)?.hidden.at(-1)?.scope;
	step.effect(change(({store, session}) => {
		if (variable.scope === 'runtime') {
			session.runtimeOf({id: collectionId}).delete(variable.name);
		} else {
			store.deleteVariable(collectionId, variable.name, environmentId);
		}
	}, (_result, next) => {
		next.say(hidden === undefined ? `Deleted ${variable.name}` : `Deleted the ${variable.scope} ${variable.name}: the ${hidden} one shows now`);
	}));
}

/**
Why a new variable cannot be called `name` where it is added (the collection, or the
environment `environmentId`): that scope has one of that name. The same name in another
scope is fine: it hides or is hidden by the other, on purpose.
*/
export function nameTakenProblem(world: World, collection: Collection, environmentId: string | undefined, name: string): string | undefined {
	const scope: Scope = environmentId === undefined ? 'collection' : 'environment';
	const environment = collection.environments.find(candidate => candidate.id === environmentId);
	const saved = scope === 'collection' ? collection.variables : environment?.variables ?? [];
	if (!saved.some(variable => variable.name === name)) {
		return undefined;
	}

	const where = environment === undefined ? 'this collection' : `environment ${environment.name}`;
	const shown = world.variablesInEffect(collection, environmentId).find(variable => variable.name === name);
	if (shown !== undefined && shown.scope !== scope) {
		return `A variable "${name}" already exists in ${where}, hidden by the ${shown.scope} one: pick another name`;
	}

	return `A variable "${name}" already exists in ${where}: Esc, then Enter on it edits it`;
}
