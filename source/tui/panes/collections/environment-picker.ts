/**
The list `e` opens in the collections pane: "none" and each of the collection's environments,
the one in use selected. Arrows or j/k move, Enter uses the one selected (remembered as the
collection's, as before), Esc leaves the one in use.
*/
import type {Collection} from '../../../core/model.js';
import type {Mode} from '../../app-state.js';
import type {Command} from '../../keymap.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {chooseEnvironment} from './tree-selection.js';

export type EnvironmentChoice = {id: string | undefined; name: string};

type PickerMode = Extract<Mode, {kind: 'pick-environment'}>;

/** What the list offers, in order: none first, then the environments as the collection keeps them. */
export function environmentChoices(collection: Pick<Collection, 'environments'>): EnvironmentChoice[] {
	return [{id: undefined, name: 'none'}, ...collection.environments.map(({id, name}) => ({id, name}))];
}

/** Opens the list on the environment in use; a collection without environments says how to add one. */
export function openEnvironmentPicker(step: Step, collection: Collection): void {
	if (collection.environments.length === 0) {
		step.say(`Collection "${collection.name}" has no environments: E adds one`, 'warning');
		return;
	}

	const inUse = step.state.environments[collection.id];
	const selected = Math.max(0, environmentChoices(collection).findIndex(choice => choice.id === inUse));
	step.dispatch({type: 'setMode', mode: {kind: 'pick-environment', collectionId: collection.id, selected}});
}

/** A key while the list is open: any key it does not bind leaves the list open, as it is. */
export function pickEnvironment(step: Step, world: World, mode: PickerMode, command: Command | undefined): void {
	const collection = world.collections().find(candidate => candidate.id === mode.collectionId);
	if (collection === undefined) {
		// Deleted in another window while the list was open.
		step.dispatch({type: 'leaveMode'});
		step.say('The collection was deleted in another curlew window: no environment chosen', 'warning');
		return;
	}

	const choices = environmentChoices(collection);
	const selected = Math.min(mode.selected, choices.length - 1);
	switch (command) {
		case 'environment.up':
		case 'environment.down': {
			const moved = Math.max(0, Math.min(choices.length - 1, selected + (command === 'environment.up' ? -1 : 1)));
			step.dispatch({type: 'setMode', mode: {...mode, selected: moved}});
			return;
		}

		case 'environment.choose': {
			const choice = choices[selected]!;
			step.dispatch({type: 'leaveMode'});
			chooseEnvironment(step, collection.id, choice.id);
			step.say(choice.id === undefined ? 'No environment' : `Environment: ${choice.name}`);
			return;
		}

		case 'environment.cancel': {
			step.dispatch({type: 'leaveMode'});
		}
	}
}
