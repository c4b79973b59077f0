/**
The keys of the help overlay. What is typed goes to its filter (the one field: every editing
key works), which narrows the rows; the move keys that type no text (arrows, page keys, home,
end) scroll them; `?` closes; Esc clears the filter, and with none closes. Send and cancel
work as everywhere.
*/
import {createField} from '../app-state.js';
import {fieldKey} from '../field/field-keys.js';
import type {KeyPress} from '../keys.js';
import {matchCommand} from '../keymap.js';
import type {Step} from '../pipeline/step.js';
import {textOf} from '../text-buffer.js';
import {helpFilterBox} from './help-overlay.js';
import {overlayDone, type OverlayOutcome} from './overlay-outcome.js';
import {pagerWidth, scrollOverlay} from './pager-keys.js';

const scrollCommands = new Set(['nav.up', 'nav.down', 'nav.pageUp', 'nav.pageDown', 'nav.top', 'nav.bottom']);

export function helpKey(step: Step, press: KeyPress): OverlayOutcome {
	const {state} = step;
	const {mode} = state;
	if (mode.kind !== 'help') {
		return overlayDone;
	}

	const command = press.pasted === true ? undefined : matchCommand(press.name, state.focus, 'help');
	if (command === 'app.help') {
		step.dispatch({type: 'leaveMode'});
		return overlayDone;
	}

	if (command === 'app.send' || command === 'app.cancel') {
		return {kind: 'command', command};
	}

	if (command === 'help.clear') {
		clearOrClose(step);
		return overlayDone;
	}

	if (command !== undefined && scrollCommands.has(command) && press.text === '') {
		scrollOverlay(step, command);
		return overlayDone;
	}

	const result = fieldKey(mode.field, press, {singleLine: true, pane: state.focus, box: helpFilterBox(pagerWidth(state))});
	switch (result.kind) {
		case 'typed': {
			step.dispatch({type: 'field', field: result.field});
			// Other rows are listed: from the first.
			if (result.field.buffer.lines !== mode.field.buffer.lines) {
				step.dispatch({type: 'overlayTop', top: 0});
			}

			return overlayDone;
		}

		case 'leave': {
			clearOrClose(step);
			return result.next === undefined ? overlayDone : {kind: 'next', press: result.next};
		}

		case 'command': {
			return {kind: 'command', command: result.command};
		}

		case 'submit': {
			return overlayDone;
		}
	}
}

function clearOrClose(step: Step): void {
	const {mode} = step.state;
	if (mode.kind === 'help' && textOf(mode.field.buffer) !== '') {
		step.dispatch({type: 'field', field: createField('', true)});
		step.dispatch({type: 'overlayTop', top: 0});
	} else {
		step.dispatch({type: 'leaveMode'});
	}
}
