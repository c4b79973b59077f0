/**
The keys of the variables pane's inspector: moving its cursor over the lines of the value,
and acting on the part of the value the line shows: Enter edits that part alone (a boolean
turns), + and - step a number, t edits it as another kind. Keys the inspector does not take
act on the whole variable, as in the list.
*/
import type {Collection} from '../../../core/model.js';
import type {EffectiveVariable} from '../../../core/scopes.js';
import type {ValueKey} from './variable-types.js';
import {openValuePrompt} from '../../field/prompt-purposes.js';
import type {Command} from '../../keymap.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {inspectorOf} from './inspector-of.js';
import {variablesAreasOf} from './pane-areas.js';
import {editableKindOf} from './variable-input.js';
import {stepNumber, toggleBoolean} from './variable-tweaks.js';
import {valueAt} from './value-path.js';
import {targetFor} from './variable-target.js';

export function inspectorCommand(step: Step, command: Command, world: World, collection: Collection, variable: EffectiveVariable): boolean {
	const {inspector} = step.state;
	const area = variablesAreasOf(step.state).inspector;
	if (inspector === undefined || area === undefined) {
		return false;
	}

	const document = inspectorOf(step.state, world, collection, variable, area.width);
	const last = document.lines.length - 1;
	const moveTo = (line: number, top = inspector.top) => {
		step.dispatch({type: 'inspector', inspector: {line: Math.max(0, Math.min(line, last)), top}});
	};

	const path = document.lines[inspector.line]?.path ?? [];
	switch (command) {
		case 'nav.up':
		case 'nav.down': {
			moveTo(inspector.line + (command === 'nav.up' ? -1 : 1));
			return true;
		}

		case 'nav.pageUp':
		case 'nav.pageDown': {
			moveTo(inspector.line + (command === 'nav.pageUp' ? -1 : 1) * Math.max(1, area.rows - 1));
			return true;
		}

		case 'nav.top': {
			// The header too: the top of the inspector, not only of the value.
			moveTo(0, 0);
			return true;
		}

		case 'nav.bottom': {
			moveTo(last);
			return true;
		}

		case 'edit.enter': {
			editPart(step, world, collection, variable, path);
			return true;
		}

		case 'variables.increment':
		case 'variables.decrement': {
			stepNumber(step, collection, variable, path, command === 'variables.increment' ? 1 : -1);
			return true;
		}

		case 'variables.editKind': {
			const part = valueAt(variable.value, path);
			if (part !== undefined) {
				step.dispatch({type: 'setMode', mode: {kind: 'pick-kind', variable: targetFor(collection, step.state, variable, variable.scope, path), valueKind: editableKindOf(part)}});
			}

			return true;
		}

		case 'variables.inspect':
		case 'variables.back': {
			step.dispatch({type: 'inspector', inspector: undefined});
			return true;
		}

		default: {
			return false;
		}
	}
}

/** Enter on a part of a value: a boolean turns; anything else opens as its kind (an object or array as JSON, on many lines). */
export function editPart(step: Step, world: World, collection: Collection, variable: EffectiveVariable, path: readonly ValueKey[]): void {
	const part = valueAt(variable.value, path);
	if (part === undefined) {
		return;
	}

	if (typeof part === 'boolean') {
		toggleBoolean(step, collection, variable, path, part);
		return;
	}

	openValuePrompt(step, world, targetFor(collection, step.state, variable, variable.scope, path), editableKindOf(part));
}
