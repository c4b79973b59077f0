/**
The one key pipeline. Each key is offered, in a fixed order, to what has the keyboard: the
open field (even while the terminal is too small, hidden, so what is typed goes on into
it), the help or messages overlay, a question in the status bar, the focused pane, and last
the commands of the whole app. Send and cancel work from everywhere.

Pure: it works out the next state from the state as the keys before left it, and asks for
effects as data; `run-effects.ts` performs them.
*/
import {fits, keymapMode, openField} from '../app-state.js';
import {editBox, promptBox, responsePromptBox} from '../field/field-box.js';
import {fieldKey, type FieldKeyOptions, type FieldKeyResult} from '../field/field-keys.js';
import {completesIn, completionAt, completionNames} from '../field/placeholder-completion.js';
import {answerValueConflict, cancelPrompt, enterSaves, isPaneField, leavePaneField, submitPrompt, typedInPrompt} from '../field/prompt-purposes.js';
import {requestFieldOutcome} from '../field/request-fields.js';
import {escapeThenKey, type KeyPress} from '../keys.js';
import {matchCommand, type Command, type Pane} from '../keymap.js';
import {isLayoutCommand, layoutCommand} from '../layout-keys.js';
import {pagerCommand} from '../overlays/pager-keys.js';
import {answerConfirm, pickKind} from '../overlays/question-keys.js';
import {collectionsCommand} from '../panes/collections/collections-keys.js';
import {requestCommand} from '../panes/request/request-keys.js';
import {variablesAreasOf} from '../panes/variables/pane-areas.js';
import {variablesCommand} from '../panes/variables/variables-keys.js';
import {recallFilter, responseCommand, submitResponsePrompt, toggleRegex} from '../panes/response/response-keys.js';
import {selectedOf} from '../selection.js';
import {textOf} from '../text-buffer.js';
import type {Step} from './step.js';
import type {World} from './world.js';

export function handleKey(step: Step, press: KeyPress, world: World): void {
	const {state} = step;
	if (openField(state.mode) !== undefined) {
		fieldKeys(step, press, world);
		return;
	}

	// A paste with no field open to take it is text with nowhere to go: a `q` in it must not quit.
	if (press.pasted === true) {
		return;
	}

	const command = matchCommand(press.name, state.focus, keymapMode(state.mode));
	// Esc and a key typed fast read as alt+ that key: where no alt+ key is bound, they are Esc and then the key.
	const keys = command === undefined ? escapeThenKey(press) : undefined;
	if (keys !== undefined) {
		handleKey(step, keys[0], world);
		handleKey(step, keys[1], world);
		return;
	}

	// Below the minimum size nothing is drawn to act on: only quitting works.
	if (!fits(state.size)) {
		const quitting = matchCommand(press.name, 'collections', 'navigate');
		if (quitting === 'app.quit' || quitting === 'app.cancel') {
			globalCommand(step, quitting);
		}

		return;
	}

	if (command === 'app.send' || command === 'app.cancel') {
		globalCommand(step, command);
		return;
	}

	const {mode} = state;
	switch (mode.kind) {
		case 'help':
		case 'messages': {
			pagerCommand(step, command);
			return;
		}

		case 'confirm': {
			answerConfirm(step, world, mode.action, command);
			return;
		}

		case 'pick-kind': {
			pickKind(step, world, mode, command);
			return;
		}

		default: {
			step.dispatch({type: 'dismissMessage'});
			// Any key of the response pane's clears what its footer said.
			const pane = state.response;
			if (state.focus === 'response' && pane?.message !== undefined) {
				step.dispatch({type: 'response', response: {...pane, message: undefined}});
			}

			if (command !== undefined && !paneCommand(step, state.focus, command, world)) {
				globalCommand(step, command);
			}
		}
	}
}

const paneCommands: Readonly<Record<Pane, (step: Step, command: Command, world: World) => boolean>> = {
	collections: collectionsCommand,
	request: requestCommand,
	variables: variablesCommand,
	response: responseCommand,
};

function paneCommand(step: Step, pane: Pane, command: Command, world: World): boolean {
	return paneCommands[pane](step, command, world);
}

const focusTargets: Partial<Record<Command, Pane>> = {
	'focus.collections': 'collections',
	'focus.request': 'request',
	'focus.variables': 'variables',
	'focus.response': 'response',
};

/** A command of the whole app, from any pane, field or question. */
export function globalCommand(step: Step, command: Command): void {
	switch (command) {
		case 'app.send': {
			step.effect({type: 'send'});
			return;
		}

		case 'app.cancel': {
			step.effect({type: 'cancel'});
			return;
		}

		case 'app.quit': {
			step.effect({type: 'quit'});
			return;
		}

		case 'app.suspend': {
			step.effect({type: 'suspend'});
			return;
		}

		case 'app.help': {
			step.dispatch({type: 'setMode', mode: {kind: 'help'}});
			return;
		}

		case 'app.messages': {
			step.dispatch({type: 'setMode', mode: {kind: 'messages'}});
			return;
		}

		case 'focus.next': {
			step.dispatch({type: 'focusNext'});
			return;
		}

		case 'focus.previous': {
			step.dispatch({type: 'focusPrevious'});
			return;
		}

		default: {
			const pane = focusTargets[command];
			if (pane !== undefined) {
				step.dispatch({type: 'focus', pane});
			} else if (isLayoutCommand(command)) {
				layoutCommand(step, command);
			}
		}
	}
}

/** A key for the open field: edited in place, and what the field edits acts on what the key did. */
function fieldKeys(step: Step, press: KeyPress, world: World): void {
	const {mode} = step.state;
	if (mode.kind === 'editing') {
		const {collection, request} = selectedOf(world.collections(), step.state);
		if (collection === undefined || request === undefined) {
			// The request was deleted in another window: what settle says when it closes the field.
			return;
		}

		// Tab after `{{` and the start of a name completes it, as a shell completes a file name.
		const completion = completesIn(mode.target) && press.pasted !== true && matchCommand(press.name, 'request', 'edit') === 'edit.tab'
			? completionAt(mode.field.buffer, completionNames(world, step.state, collection))
			: undefined;
		const typed = completion === undefined ? press : {name: press.name, text: completion.insert};
		const result = typeInto(step, typed, {singleLine: mode.target.kind === 'url' || mode.target.kind === 'header', pane: 'request', box: editBox(step.state, mode.target, request.method)});
		// Leaving hands on the key after the Esc itself, once the field is closed (its saves may keep it open).
		requestFieldOutcome(step, world, {collection, request, target: mode.target}, result, mode.field, globalCommand, goOn);
		return;
	}

	if (mode.kind !== 'prompt') {
		return;
	}

	const {purpose} = mode;
	if (purpose.kind === 'search' || purpose.kind === 'save' || purpose.kind === 'jq') {
		const promptCommand = matchCommand(press.name, 'response', 'edit');
		if (purpose.kind === 'jq' && (promptCommand === 'edit.up' || promptCommand === 'edit.down')) {
			recallFilter(step, world, purpose, mode.field, promptCommand === 'edit.up' ? 'older' : 'newer');
			return;
		}

		const result = typeInto(step, press, {singleLine: true, pane: 'response', box: responsePromptBox(step.state, purpose.kind)});
		if (result.kind === 'submit') {
			submitResponsePrompt(step, world, purpose, textOf(result.field.buffer));
		} else if (result.kind === 'leave') {
			step.dispatch({type: 'leaveMode'});
		} else if (result.kind === 'command' && result.command === 'edit.regex') {
			if (purpose.kind === 'search') {
				toggleRegex(step);
			}
		} else if (result.kind === 'command') {
			globalCommand(step, result.command);
		} else if (result.field.buffer.lines !== mode.field.buffer.lines && mode.error !== undefined) {
			// What the prompt said of the text no longer holds once it changes.
			step.dispatch({type: 'setMode', mode: {...mode, field: result.field, error: undefined}});
		}

		goOn(step, result, world);
		return;
	}

	// A value typed as JSON is edited on many lines in the variables pane: Enter is a new line there (but at the end of valid JSON), and Esc saves.
	const inPane = isPaneField(purpose);
	if (inPane && press.pasted !== true && matchCommand(press.name, step.state.focus, 'edit') === 'edit.newline' && enterSaves(purpose, mode.field)) {
		submitPrompt(step, world, purpose, textOf(mode.field.buffer));
		return;
	}

	const result = typeInto(step, press, {singleLine: !inPane, pane: step.state.focus, box: inPane ? variablesAreasOf(step.state).field : promptBox(step.state, mode.label)});
	const text = textOf(result.field.buffer);
	switch (result.kind) {
		case 'typed': {
			if (result.field.buffer.lines !== mode.field.buffer.lines) {
				typedInPrompt(step, world, purpose, text);
				// What was wrong is said until the text changes.
				if (inPane && mode.error !== undefined) {
					step.dispatch({type: 'promptError', error: undefined});
				}
			}

			break;
		}

		case 'submit': {
			// A refused answer keeps the prompt open, saying why.
			submitPrompt(step, world, purpose, text);
			break;
		}

		case 'leave': {
			if (inPane) {
				leavePaneField(step, world, {...mode, purpose}, text);
			} else {
				cancelPrompt(step, world, purpose);
			}

			break;
		}

		case 'command': {
			if ((result.command === 'edit.keepMine' || result.command === 'edit.takeTheirs') && purpose.kind === 'variable-value') {
				answerValueConflict(step, world, purpose, result.command, text);
				break;
			}

			// Sending from a variable's value prompt sends that value: it is saved first. A value
			// that is not one of its kind keeps the prompt open, saying why, and nothing is sent.
			if (result.command === 'app.send' && purpose.kind === 'variable-value') {
				submitPrompt(step, world, purpose, text, next => {
					globalCommand(next, 'app.send');
				});
			} else {
				globalCommand(step, result.command);
			}
		}
	}

	goOn(step, result, world);
}

function typeInto(step: Step, press: KeyPress, options: FieldKeyOptions): FieldKeyResult {
	const field = openField(step.state.mode)!;
	const result = fieldKey(field, press, options);
	step.dispatch({type: 'field', field: result.field});
	return result;
}

/** The key that came right after an Esc that left the field: for whoever has the keyboard now. */
function goOn(step: Step, result: FieldKeyResult, world: World): void {
	if (result.kind === 'leave' && result.next !== undefined) {
		handleKey(step, result.next, world);
	}
}
