/**
The response pane's commands: scrolling and searching the tab shown, switching tabs, saving
and copying the body, and stepping through the request's kept responses.
*/
import {historyLimit} from '../../../core/store/history.js';
import {createField, type PromptPurpose} from '../../app-state.js';
import type {Command} from '../../keymap.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {stepKept} from './kept-response.js';
import {switchTab, viewActions, withView, type PaneMessage, type PaneState} from './pane-state.js';
import {bodyOf, shownResponse} from './shown-response.js';

/** Handles a command of the response pane; false when it is not one of its own. */
export function responseCommand(step: Step, command: Command, world: World): boolean {
	const pane = step.state.response;
	if (pane === undefined) {
		return false;
	}

	const set = (next: PaneState) => {
		step.dispatch({type: 'response', response: next});
	};

	const viewAction = viewActions[command];
	if (viewAction !== undefined) {
		set(withView(pane, viewAction));
		return true;
	}

	switch (command) {
		case 'response.clearSearch': {
			set(withView(pane, {type: 'clearSearch'}));
			return true;
		}

		case 'response.tab':
		case 'response.previousTab': {
			set(switchTab(pane, command === 'response.tab' ? 1 : -1));
			return true;
		}

		case 'response.search': {
			if (pane.tab === 'timing') {
				say(step, {text: 'The timing tab has nothing to search: switch tabs with t', tone: 'info'});
			} else {
				openPrompt(step, {kind: 'search'});
			}

			return true;
		}

		case 'response.save':
		case 'response.copy': {
			const verb = command === 'response.save' ? 'save' : 'copy';
			const {result} = shownResponse(step.state, world);
			const response = result?.kind === 'response' ? result : undefined;
			const missing = response === undefined
				? `No response to ${verb} yet: ctrl+r sends the request`
				: response.body.length === 0 ? `The response body is empty: nothing to ${verb}` : undefined;
			if (missing !== undefined || response === undefined) {
				say(step, {text: missing ?? '', tone: 'info'});
			} else if (command === 'response.copy') {
				step.effect({type: 'copy', bytes: response.body});
			} else {
				// A free name is looked for as the prompt opens: one saved to a moment ago is taken.
				const path = pane.failedSavePath ?? world.freeSavePath(defaultSavePath(response.url, bodyOf(response, step.state.formattedBody)?.kind));
				openPrompt(step, {kind: 'save'}, path);
			}

			return true;
		}

		case 'history.older':
		case 'history.newer': {
			stepHistory(step, world, command === 'history.older' ? 'older' : 'newer');
			return true;
		}

		default: {
			return false;
		}
	}
}

function openPrompt(step: Step, purpose: PromptPurpose, text = ''): void {
	step.dispatch({type: 'setMode', mode: {kind: 'prompt', label: purpose.kind, purpose, field: createField(text, true)}});
}

/** Says `message` in the pane's footer and in the status bar. */
export function say(step: Step, message: PaneMessage, failedSavePath?: string): void {
	const pane = step.state.response;
	if (pane !== undefined) {
		step.dispatch({type: 'response', response: {...pane, message, failedSavePath}});
	}

	step.say(message.text, message.tone);
}

/** Enter on the response pane's prompt: search the tab shown, or save the body to the path typed. */
export function submitResponsePrompt(step: Step, world: World, kind: 'search' | 'save', text: string): void {
	step.dispatch({type: 'leaveMode'});
	const pane = step.state.response;
	if (pane === undefined) {
		return;
	}

	if (kind === 'save') {
		const {result} = shownResponse(step.state, world);
		if (result?.kind === 'response') {
			step.effect({type: 'saveFile', path: text, bytes: result.body, fileName: defaultSavePath(result.url, bodyOf(result, step.state.formattedBody)?.kind)});
		}

		return;
	}

	const searched = withView(pane, {type: 'search', query: text});
	step.dispatch({type: 'response', response: searched});
	const view = searched.tab === 'timing' ? undefined : searched.views[searched.tab];
	if (text !== '' && view?.search?.matches.offsets.length === 0) {
		say(step, {text: `No match for "${text}"`, tone: 'info'});
	}
}

/** The last segment of the URL's path when it looks like a file name (`report.csv`), else `response.<kind>`. */
function defaultSavePath(url: string, kind: 'json' | 'text' | 'binary' | 'empty' | undefined): string {
	const segment = URL.canParse(url) ? new URL(url).pathname.split('/').at(-1) ?? '' : '';

	// Percent escapes are left as they are: the pattern only takes plain names.
	if (/^[\w.-]+\.\w+$/.test(segment)) {
		return segment;
	}

	const extensions = {json: 'json', text: 'txt', binary: 'bin', empty: 'txt'} as const;
	return `response.${extensions[kind ?? 'empty']}`;
}

/** H and L: the selected request's next older or newer response, saying so at either end. */
function stepHistory(step: Step, world: World, direction: 'older' | 'newer'): void {
	const {request} = selectedOf(world.collections(), step.state);
	if (request === undefined) {
		step.say('No request selected: pick one in the collections pane', 'warning');
		return;
	}

	const {state} = step;
	if (state.inFlight?.requestId === request.id) {
		step.say(`${request.name} is in flight: its response shows here when it comes (ctrl+c cancels it)`, 'warning');
		return;
	}

	const last = state.outcomes[request.id];
	const names = world.keptNames(request.id);
	if (names.length === 0 && last === undefined) {
		step.say(`No response of ${request.name} is kept yet`);
		return;
	}

	const next = stepKept(names, state.keptShown, last, direction);
	if (next === undefined) {
		const full = names.length >= historyLimit ? `: curlew keeps the last ${historyLimit}` : '';
		step.say(direction === 'older' ? `No older response of ${request.name} is kept${full}` : 'This is the last response');
		return;
	}

	step.dispatch({type: 'showKept', name: next.show});
}
