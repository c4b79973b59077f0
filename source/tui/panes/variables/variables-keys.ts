/** The variables pane's commands: moving through the variables in effect and changing them. */
import {secretNames} from '../../../core/secrets.js';
import type {VariableTarget} from '../../app-state.js';
import {openValuePrompt} from '../../field/prompt-purposes.js';
import type {Command} from '../../keymap.js';
import {change} from '../../pipeline/step.js';
import {pageRowsOf} from '../../pipeline/page-rows.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {promptMode} from '../collections/collections-keys.js';
import {editableKindOf} from './variable-input.js';
import {keyOf, selectedRow} from './variable-selection.js';

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

	const variables = world.variablesInEffect(collection, state.environments[collection.id]);
	const selected = selectedRow(variables, state.selectedVariable);
	const variable = variables[selected];
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
			setRow(selected + (command === 'nav.pageUp' ? -1 : 1) * pageRowsOf(state));
			return true;
		}

		case 'variables.new': {
			// New variables go where the user is looking: the chosen environment, else the collection.
			const where = chosenEnvironment === undefined ? collection.name : `environment ${chosenEnvironment.name}`;
			step.dispatch({type: 'setMode', mode: promptMode(`New variable in ${where}, name`, {kind: 'variable-name', collectionId: collection.id, environmentId: chosenEnvironment?.id})});
			return true;
		}

		case 'variables.edit':
		case 'edit.enter':
		case 'variables.editKind': {
			if (variable !== undefined) {
				const target: VariableTarget = {collectionId: collection.id, scope: variable.scope, environmentId, name: variable.name, isNew: false, secret: variable.secret};
				const valueKind = editableKindOf(variable.value);
				// A quick tweak keeps the value's kind; t asks for one first.
				if (command === 'variables.editKind') {
					step.dispatch({type: 'setMode', mode: {kind: 'pick-kind', variable: target, valueKind}});
				} else {
					openValuePrompt(step, world, target, valueKind);
				}
			}

			return true;
		}

		case 'variables.delete': {
			if (variable !== undefined) {
				const hidden = variable.shadows.at(-1);
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
				step.say(`${variable.name} is already saved in the ${variable.scope}: pin takes runtime variables (R)`, 'warning');
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
