/**
The quick changes of a variable that take one key: add or subtract one to a number, turn a
boolean, drop an override (so the value it hides is sent again), and set a value in the
environment or for the session over the one in effect. Each acts on the whole value or, from
the inspector, on the part of it on the line the cursor is on.
*/
import type {Collection} from '../../../core/model.js';
import {mask} from '../../../core/secrets.js';
import type {EffectiveVariable, Scope} from '../../../core/scopes.js';
import {isExactNumber, type Value} from '../../../core/values.js';
import type {ValueKey} from './variable-types.js';
import {openValuePrompt} from '../../field/prompt-purposes.js';
import {change} from '../../pipeline/step.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {showValue} from './show-value.js';
import {saveVariable} from './variable-changes.js';
import {editableKindOf} from './variable-input.js';
import {pathLabel, valueAt, withValueAt} from './value-path.js';
import {targetFor} from './variable-target.js';

/** Adds `delta` to the number at `path`, keeping as many decimals as it has (0.1 + 1 is 1.1, not 1.1000000000000001). */
export function stepNumber(step: Step, collection: Collection, variable: EffectiveVariable, path: readonly ValueKey[], delta: 1 | -1): void {
	const part = valueAt(variable.value, path);
	const label = pathLabel(variable.name, path);
	if (typeof part !== 'number') {
		step.say(`${label} is ${part === undefined ? 'gone' : describeKind(part)}: + and - add and subtract one from a number`, 'warning');
		return;
	}

	const decimals = /e/i.test(String(part)) ? undefined : String(part).split('.')[1]?.length ?? 0;
	const sum = decimals === undefined ? part + delta : Number((part + delta).toFixed(decimals));
	if (!isExactNumber(sum)) {
		step.say(`${label} + ${delta} would be ${sum}, beyond the integers a number keeps exactly (±${Number.MAX_SAFE_INTEGER}): not changed`, 'error');
		return;
	}

	setPart(step, collection, variable, path, sum);
}

/** Turns the boolean at `path`. */
export function toggleBoolean(step: Step, collection: Collection, variable: EffectiveVariable, path: readonly ValueKey[], part: boolean): void {
	setPart(step, collection, variable, path, !part);
}

/** Saves `part` in place of the value's part at `path`, in the scope that holds the variable in effect. */
function setPart(step: Step, collection: Collection, variable: EffectiveVariable, path: readonly ValueKey[], part: Value): void {
	const whole = withValueAt(variable.value, path, part);
	if (whole !== undefined) {
		saveVariable(step, targetFor(collection, step.state, variable, variable.scope, path), whole);
	}
}

/**
Opens the value's prompt to set it in `scope` (the chosen environment, or the runtime), over
the one in effect: what that scope holds, or the value in effect to start from.
*/
export function overrideIn(step: Step, world: World, collection: Collection, variable: EffectiveVariable, scope: Extract<Scope, 'environment' | 'runtime'>): void {
	if (scope === 'environment' && step.state.environments[collection.id] === undefined) {
		const hint = collection.environments.length === 0 ? 'E in the collections pane creates one' : 'e in the collections pane chooses one';
		step.say(`No environment chosen to set ${variable.name} in: ${hint}`, 'warning');
		return;
	}

	openValuePrompt(step, world, targetFor(collection, step.state, variable, scope), editableKindOf(variable.value), variable.value);
}

/**
Drops the value in effect when it overrides another: deleted from its scope (the session for
a runtime one), so the one it hid is sent again. The message says what was dropped, masked
when secret, so it can be typed again.
*/
export function dropOverride(step: Step, collection: Collection, variable: EffectiveVariable): void {
	const below = variable.hidden.at(-1);
	if (below === undefined) {
		step.say(`${variable.name} overrides nothing (only in the ${variable.scope}): d deletes it`, 'warning');
		return;
	}

	const environmentId = variable.scope === 'environment' ? step.state.environments[collection.id] : undefined;
	const dropped = variable.secret && !step.state.revealSecrets ? mask : showValue(variable.value, {cells: 60});
	step.effect(change(({store, session}) => {
		if (variable.scope === 'runtime') {
			session.runtimeOf(collection).delete(variable.name);
		} else {
			store.deleteVariable(collection.id, variable.name, environmentId);
		}
	}, (_dropped, next) => {
		next.dispatch({type: 'selectVariable', variable: {scope: below.scope, name: variable.name}});
		next.say(`Dropped the ${variable.scope}'s ${variable.name} (was ${dropped}): the ${below.scope}'s shows now`);
	}));
}

function describeKind(value: Value): string {
	return value === null ? 'null' : value instanceof Date ? 'a date' : Array.isArray(value) ? 'an array' : `${typeof value === 'object' ? 'an' : 'a'} ${typeof value}`;
}
