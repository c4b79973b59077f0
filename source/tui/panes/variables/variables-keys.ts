/**
The variables pane's commands: moving through the variables in effect (those the filter
shows), changing them, and the inspector (see inspector-keys.ts), which takes the keys it
knows first while it is open.
*/
import type {EffectiveVariable} from '../../../core/scopes.js';
import {secretNames} from '../../../core/secrets.js';
import {kindOf} from '../../../core/values.js';
import {openValuePrompt} from '../../field/prompt-purposes.js';
import type {Command} from '../../keymap.js';
import {change} from '../../pipeline/step.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {promptMode} from '../collections/collections-keys.js';
import {editPart, inspectorCommand} from './inspector-keys.js';
import {variablesAreasOf} from './pane-areas.js';
import {shownVariables} from './shown-variables.js';
import {editedElsewhere} from './edited-elsewhere.js';
import {editInEditor} from './variable-editor.js';
import {editableKindOf} from './variable-input.js';
import {keyOf, selectedRow} from './variable-selection.js';
import {targetFor} from './variable-target.js';
import {dropOverride, overrideIn, stepNumber} from './variable-tweaks.js';

/** Handles a command of the variables pane; false when it is not one of its own. */
export function variablesCommand(step: Step, command: Command, world: World): boolean {
	const {state} = step;
	const {collection} = selectedOf(world.collections(), state);
	if (collection === undefined) {
		if (command.startsWith('variables.') || command === 'edit.enter') {
			step.say('No collection selected: pick one in the collections pane', 'warning');
			return true;
		}

		return false;
	}

	const variables = shownVariables(world, state, collection);
	const selected = selectedRow(variables, state.selectedVariable);
	const variable = variables[selected];
	const elsewhere = variable === undefined ? undefined : editedElsewhere(variable, command, state.inspector !== undefined);
	if (elsewhere !== undefined) {
		step.say(elsewhere, 'warning');
		return true;
	}

	if (variable !== undefined && inspectorCommand(step, command, world, collection, variable)) {
		return true;
	}

	const setRow = (row: number) => {
		const chosen = variables[Math.max(0, Math.min(row, variables.length - 1))];
		if (chosen !== undefined) {
			step.dispatch({type: 'selectVariable', variable: keyOf(chosen)});
		}
	};

	const environmentId = variable?.scope === 'environment' ? state.environments[collection.id] : undefined;
	const chosenEnvironment = collection.environments.find(environment => environment.id === state.environments[collection.id]);
	switch (command) {
		case 'nav.up':
		case 'nav.down': {
			setRow(selected + (command === 'nav.up' ? -1 : 1));
			return true;
		}

		case 'nav.top':
		case 'nav.bottom': {
			setRow(command === 'nav.top' ? 0 : variables.length - 1);
			return true;
		}

		case 'nav.pageUp':
		case 'nav.pageDown': {
			const rows = variablesAreasOf(state).list?.rows ?? 1;
			setRow(selected + (command === 'nav.pageUp' ? -1 : 1) * Math.max(1, rows - 1));
			return true;
		}

		case 'variables.filter': {
			step.dispatch({type: 'setMode', mode: promptMode('Filter variables by name', {kind: 'variable-filter'}, state.variableFilter)});
			return true;
		}

		case 'variables.back': {
			if (state.variableFilter !== '') {
				step.dispatch({type: 'setVariableFilter', filter: ''});
			}

			return true;
		}

		case 'variables.inspect': {
			if (variable !== undefined) {
				openInspector(step, variable);
			}

			return true;
		}

		case 'variables.new': {
			// New variables go where the user is looking: the chosen environment, else the collection.
			const where = chosenEnvironment === undefined ? collection.name : `environment ${chosenEnvironment.name}`;
			step.dispatch({type: 'setMode', mode: promptMode(`New variable in ${where}, name`, {kind: 'variable-name', collectionId: collection.id, environmentId: chosenEnvironment?.id})});
			return true;
		}

		case 'edit.enter': {
			if (variable === undefined) {
				return true;
			}

			// An object or an array opens in the inspector, where Enter on a line edits that part alone.
			const kind = kindOf(variable.value);
			if (kind === 'object' || kind === 'array') {
				openInspector(step, variable);
			} else {
				editPart(step, world, collection, variable, []);
			}

			return true;
		}

		case 'variables.edit':
		case 'variables.editKind': {
			if (variable !== undefined) {
				const target = targetFor(collection, state, variable);
				const valueKind = editableKindOf(variable.value);
				// e keeps the value's kind; t asks for one first.
				if (command === 'variables.editKind') {
					step.dispatch({type: 'setMode', mode: {kind: 'pick-kind', variable: target, valueKind}});
				} else {
					openValuePrompt(step, world, target, valueKind);
				}
			}

			return true;
		}

		case 'variables.increment':
		case 'variables.decrement': {
			if (variable !== undefined) {
				stepNumber(step, collection, variable, [], command === 'variables.increment' ? 1 : -1);
			}

			return true;
		}

		case 'variables.openEditor': {
			if (variable !== undefined) {
				editInEditor(step, collection, variable);
			}

			return true;
		}

		case 'variables.overrideEnvironment':
		case 'variables.overrideRuntime': {
			if (variable !== undefined) {
				overrideIn(step, world, collection, variable, command === 'variables.overrideEnvironment' ? 'environment' : 'runtime');
			}

			return true;
		}

		case 'variables.dropOverride': {
			if (variable !== undefined) {
				dropOverride(step, collection, variable);
			}

			return true;
		}

		case 'variables.delete': {
			if (variable !== undefined) {
				const hidden = variable.hidden.at(-1)?.scope;
				step.dispatch({
					type: 'setMode',
					mode: {
						kind: 'confirm',
						question: `Delete the ${variable.scope} variable "${variable.name}"${hidden === undefined ? '' : ` (the ${hidden} one shows then)`}?`,
						action: {kind: 'delete-variable', collectionId: collection.id, variable: keyOf(variable), environmentId},
					},
				});
			}

			return true;
		}

		case 'variables.secret': {
			if (variable === undefined) {
				return true;
			}

			if (variable.scope === 'runtime') {
				step.say(`${variable.name} lives for this session only: pin it (p) into the collection to mark it secret`, 'warning');
				return true;
			}

			// The value as stored when it is written: another window may have changed it since it was drawn.
			step.effect(change(({store}) => {
				store.updateVariable(collection.id, variable.name, current => current && {...current, secret: !variable.secret}, environmentId);
			}));
			step.say(variable.secret ? `${variable.name} is no longer secret` : `${variable.name} is secret: masked here, left out of exports`);
			return true;
		}

		case 'variables.pin': {
			if (variable === undefined) {
				return true;
			}

			if (variable.scope !== 'runtime') {
				step.say(`${variable.name} is already saved in the ${variable.scope}: pin takes runtime variables (R), which r sets`, 'warning');
				return true;
			}

			/*
			Into the chosen environment when it has the name (a collection value would stay hidden
			behind it, and another value be sent), else into the collection. A secret stays secret,
			whichever scope marks the name secret.
			*/
			const inEnvironment = chosenEnvironment?.variables.find(candidate => candidate.name === variable.name);
			const into = inEnvironment === undefined ? undefined : chosenEnvironment;
			step.effect(change(({store, session}) => {
				store.setVariable(collection.id, {name: variable.name, value: variable.value, ...(secretNames(collection).has(variable.name) ? {secret: true} : {})}, into?.id);
				session.runtimeOf(collection).delete(variable.name);
			}, (_pinned, next) => {
				next.say(`Pinned ${variable.name} into ${into === undefined ? collection.name : `environment ${into.name}`}`);
			}));
			return true;
		}

		case 'variables.reveal': {
			step.dispatch({type: 'toggleReveal'});
			return true;
		}

		default: {
			return false;
		}
	}
}

/** Opens the inspector with its cursor on an object's or array's first member, where edits begin, its header in sight. */
function openInspector(step: Step, variable: EffectiveVariable): void {
	const kind = kindOf(variable.value);
	const hasMembers = (kind === 'object' || kind === 'array') && Object.keys(variable.value as object).length > 0;
	step.dispatch({type: 'inspector', inspector: {line: hasMembers && !(variable.secret && !step.state.revealSecrets) ? 1 : 0, top: 0}});
}
