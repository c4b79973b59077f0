/**
The response pane's commands: scrolling and searching the tab shown, switching tabs, saving
and copying the body (or its jq filter's output), filtering it with jq, paging it, and
stepping through or picking from the request's kept responses.
*/
import {historyLimit} from '../../../core/store/history.js';
import {createField, type FieldState, type PromptPurpose} from '../../app-state.js';
import type {Command} from '../../keymap.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {textOf} from '../../text-buffer.js';
import {cookieCommand} from './cookie-keys.js';
import {filterOutcomeOf} from './filtered-body.js';
import {formatBody, formatJqOutput} from './format-body.js';
import {regexProblem} from './find-matches.js';
import {keptRows} from './kept-list.js';
import {listMoves} from './list-moves.js';
import {stepKept} from './kept-response.js';
import {scrollableTab, switchTab, viewActions, withView, type PaneMessage, type PaneState} from './pane-state.js';
import {bodyOf, bodyViewOf, shownResponse} from './shown-response.js';
import type {TextDocument} from './text-document.js';

/** Handles a command of the response pane; false when it is not one of its own. */
export function responseCommand(step: Step, command: Command, world: World): boolean {
	const pane = step.state.response;
	if (pane === undefined) {
		return false;
	}

	const set = (next: PaneState) => {
		step.dispatch({type: 'response', response: next});
	};

	if (cookieCommand(step, command, world, pane)) {
		return true;
	}

	if (pane.tab === 'history') {
		const move = listMoves[command];
		const {requestId} = step.state.selection;
		if (move !== undefined && requestId !== undefined) {
			const count = keptRows(world, requestId).length;
			set({...pane, historyRow: Math.max(0, Math.min(count - 1, move(pane.historyRow, count, Math.max(1, pane.views.headers.height - 1))))});
			return true;
		}

		if (command === 'edit.enter') {
			openKept(step, world, pane);
			return true;
		}
	}

	const viewAction = viewActions[command];
	if (viewAction !== undefined) {
		set(withView(pane, viewAction));
		return true;
	}

	switch (command) {
		case 'response.clear': {
			const tab = scrollableTab(pane.tab);
			const {requestId} = step.state.selection;
			if ((tab === undefined || pane.views[tab].search === undefined) && requestId !== undefined && step.state.bodyFilters[requestId] !== undefined) {
				step.dispatch({type: 'setBodyFilter', requestId, filter: undefined});
			} else {
				set(withView(pane, {type: 'clearSearch'}));
			}

			return true;
		}

		case 'response.tab':
		case 'response.previousTab': {
			const next = switchTab(pane, command === 'response.tab' ? 1 : -1);
			set(next);
			// The tab chosen for this request is where its next response shows.
			const {requestId} = step.state.selection;
			if (requestId !== undefined) {
				step.dispatch({type: 'responseTabChosen', requestId, tab: next.tab});
			}

			return true;
		}

		case 'response.search': {
			if (scrollableTab(pane.tab) === undefined) {
				say(step, {text: `The ${pane.tab} tab has nothing to search: switch tabs with t`, tone: 'info'});
			} else {
				openPrompt(step, {kind: 'search'});
			}

			return true;
		}

		case 'response.filter': {
			openFilter(step, world);
			return true;
		}

		case 'response.pager': {
			const document = pagedDocument(step, world);
			if (document !== undefined) {
				step.effect({type: 'page', document});
			}

			return true;
		}

		case 'response.save':
		case 'response.copy': {
			saveOrCopy(step, world, pane, command === 'response.save' ? 'save' : 'copy');
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

/** The response shown, when it is one (not a failure, nothing yet). */
function shownHttpResponse(step: Step, world: World) {
	const {result} = shownResponse(step.state, world);
	return result?.kind === 'response' ? result : undefined;
}

/** What the body tab filters, copies, saves and pages: the jq filter's output when one applies, else the body. */
function shownBytes(step: Step, world: World, verb: string): {bytes: Uint8Array; filtered: boolean} | undefined {
	const response = shownHttpResponse(step, world);
	if (response === undefined) {
		say(step, {text: `No response to ${verb} yet: ctrl+r sends the request`, tone: 'info'});
		return undefined;
	}

	const {filter, filtered} = bodyViewOf(step.state);
	if (filter === undefined) {
		if (response.body.length === 0) {
			say(step, {text: `The response body is empty: nothing to ${verb}`, tone: 'info'});
			return undefined;
		}

		return {bytes: response.body, filtered: false};
	}

	const outcome = filterOutcomeOf(filtered, response, filter);
	if (outcome?.kind !== 'output') {
		const why = outcome?.kind === 'error' ? 'the jq filter failed (| edits it, esc shows the body)' : 'jq is still filtering (esc stops it)';
		say(step, {text: `Nothing to ${verb}: ${why}`, tone: 'info'});
		return undefined;
	}

	if (outcome.output.length === 0) {
		say(step, {text: `The jq filter gave no results: nothing to ${verb}`, tone: 'info'});
		return undefined;
	}

	return {bytes: outcome.output, filtered: true};
}

function saveOrCopy(step: Step, world: World, pane: PaneState, verb: 'save' | 'copy'): void {
	const shown = shownBytes(step, world, verb);
	const response = shownHttpResponse(step, world);
	if (shown === undefined || response === undefined) {
		return;
	}

	if (verb === 'copy') {
		step.effect({type: 'copy', bytes: shown.bytes});
		return;
	}

	// A free name is looked for as the prompt opens: one saved to a moment ago is taken.
	const path = pane.failedSavePath ?? world.freeSavePath(defaultSavePath(response.url, shown.filtered ? 'json' : bodyOf(response, step.state.formattedBody, false)?.kind));
	openPrompt(step, {kind: 'save'}, path);
}

/** `|`: the jq prompt, on the filter applied now (to refine it) or empty. */
function openFilter(step: Step, world: World): void {
	const {request} = selectedOf(world.collections(), step.state);
	if (request === undefined) {
		step.say('No request selected: pick one in the collections pane', 'warning');
		return;
	}

	if (shownHttpResponse(step, world) === undefined) {
		say(step, {text: 'No response to filter yet: ctrl+r sends the request', tone: 'info'});
		return;
	}

	openPrompt(step, {kind: 'jq', requestId: request.id}, step.state.bodyFilters[request.id] ?? '');
}

/** Up and down in the jq prompt: the request's filters used before, the most recent first, and back to what was typed. */
export function recallFilter(step: Step, world: World, purpose: Extract<PromptPurpose, {kind: 'jq'}>, field: FieldState, direction: 'older' | 'newer'): void {
	const filters = world.keptFilters(purpose.requestId);
	const recalled = purpose.recalled ?? 0;
	const next = direction === 'older' ? Math.min(filters.length, recalled + 1) : Math.max(0, recalled - 1);
	if (next === recalled) {
		return;
	}

	const typed = recalled === 0 ? textOf(field.buffer) : purpose.typed ?? '';
	const text = next === 0 ? typed : filters[filters.length - next]!;
	step.dispatch({type: 'setMode', mode: {kind: 'prompt', label: 'jq', purpose: {...purpose, recalled: next, typed}, field: createField(text, true)}});
}

/** alt+r in the search prompt: the next search is for a regular expression, or for the text as typed. */
export function toggleRegex(step: Step): void {
	const pane = step.state.response;
	if (pane !== undefined) {
		step.dispatch({type: 'response', response: {...pane, regex: !pane.regex}});
	}
}

/** Enter on the response pane's prompt: search the tab shown, save the body to the path typed, or filter the body with jq. */
export function submitResponsePrompt(step: Step, world: World, purpose: Extract<PromptPurpose, {kind: 'search' | 'save' | 'jq'}>, text: string): void {
	const pane = step.state.response;
	if (pane === undefined) {
		step.dispatch({type: 'leaveMode'});
		return;
	}

	if (purpose.kind === 'search' && pane.regex) {
		const problem = regexProblem(text);
		if (problem !== undefined) {
			// The prompt stays open on the expression, to correct it.
			step.dispatch({type: 'promptError', error: `Not a regular expression: ${problem}`});
			return;
		}
	}

	step.dispatch({type: 'leaveMode'});
	switch (purpose.kind) {
		case 'save': {
			const shown = shownBytes(step, world, 'save');
			const response = shownHttpResponse(step, world);
			if (shown !== undefined && response !== undefined) {
				step.effect({type: 'saveFile', path: text, bytes: shown.bytes, fileName: defaultSavePath(response.url, shown.filtered ? 'json' : bodyOf(response, step.state.formattedBody, false)?.kind)});
			}

			return;
		}

		case 'jq': {
			applyFilter(step, purpose.requestId, text.trim());
			return;
		}

		case 'search': {
			const searched = withView(pane, {type: 'search', query: text, regex: pane.regex});
			step.dispatch({type: 'response', response: searched});
			const tab = scrollableTab(searched.tab);
			if (text !== '' && tab !== undefined && searched.views[tab].search?.matches.offsets.length === 0) {
				say(step, {text: `No match for ${pane.regex ? `/${text}/` : `"${text}"`}`, tone: 'info'});
			}
		}
	}
}

/** Applies the filter to the request's body (none: the body again), shown in the body tab, and keeps it with the request's filters. */
function applyFilter(step: Step, requestId: string, filter: string): void {
	const pane = step.state.response!;
	step.dispatch({type: 'setBodyFilter', requestId, filter: filter === '' ? undefined : filter});
	step.dispatch({type: 'response', response: {...pane, tab: 'body'}});
	if (filter !== '') {
		step.effect({
			type: 'change',
			run: services => services.store.history.keepFilter(requestId, filter),
			refused(refusal, next) {
				next.say(`The filter applies, but it was not kept for next time: ${refusal.message}`, 'warning');
			},
		});
	}
}

/** `v`: the body tab's document formatted whole (a large body's is formatted now, if it is not yet). */
function pagedDocument(step: Step, world: World): TextDocument | undefined {
	const shown = shownBytes(step, world, 'page');
	const response = shownHttpResponse(step, world);
	if (shown === undefined || response === undefined) {
		return undefined;
	}

	if (shown.filtered) {
		const {filter, filtered} = bodyViewOf(step.state);
		const outcome = filterOutcomeOf(filtered, response, filter);
		return outcome?.kind === 'output' && outcome.body.document.partial !== true ? outcome.body.document : formatJqOutput(shown.bytes).document;
	}

	const {cutShort} = shownResponse(step.state, world);
	const body = bodyOf(response, step.state.formattedBody, cutShort);
	if (body !== undefined && body.document.partial !== true) {
		return body.document;
	}

	const contentType = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
	return formatBody(response.body, contentType, {truncated: cutShort}).document;
}

/** Enter on the history tab: the response of the row selected, in the body tab. */
function openKept(step: Step, world: World, pane: PaneState): void {
	const {requestId} = step.state.selection;
	const row = requestId === undefined ? undefined : keptRows(world, requestId)[pane.historyRow];
	if (requestId === undefined || row === undefined) {
		say(step, {text: 'No response of this request is kept yet', tone: 'info'});
		return;
	}

	// This session's last send, when it is the row: shown as the send's outcome, console and all.
	const last = step.state.outcomes[requestId];
	step.dispatch({type: 'showKept', name: last?.keptAs === row.name ? undefined : row.name});
	step.dispatch({type: 'response', response: {...pane, tab: 'body'}});
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
