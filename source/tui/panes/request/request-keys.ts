/** The request pane's commands: moving through its tabs and rows, and opening its fields. */
import {httpMethods, type Collection, type Request} from '../../../core/model.js';
import type {TuiState} from '../../app-context.js';
import {createField, cycle, requestTabs, type EditTarget} from '../../app-state.js';
import {requestInnerWidth, requestTabRows} from '../../field/field-box.js';
import {writeScript} from '../../field/request-fields.js';
import type {Command} from '../../keymap.js';
import {change} from '../../pipeline/step.js';
import {pageRowsOf} from '../../pipeline/page-rows.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {bodyWithText, changeBodyType, editableBodyTypes, editableText, typeToEdit} from './body-type.js';
import {headerIndexNow, headerToLine} from './header-line.js';
import {editRequestDetails} from './request-details.js';
import {scriptLabel, scriptSlots, scriptText} from './script-slots.js';
import {bodyLines, bodyRows, previewCut, scrollLimit} from './tab-lines.js';

/** How many rows the tab shown has to move through: headers and scripts by row, the body and preview by first line shown. */
function rowCount(state: TuiState, request: Request): number {
	switch (state.requestTab) {
		case 'headers': {
			return request.headers.length;
		}

		case 'scripts': {
			return scriptSlots.length;
		}

		case 'body': {
			// A body of none shows a sentence, not the text it keeps for other types: nothing scrolls.
			return request.body.type === 'none' ? 1 : scrollLimit(bodyLines(request.body).length, bodyRows(request.body, requestTabRows(state))) + 1;
		}

		case 'preview': {
			const preview = state.preview?.of.requestId === request.id ? state.preview.preview : undefined;
			return preview === undefined ? 1 : scrollLimit(previewCut(preview, request, requestInnerWidth(state)).cut.rows, requestTabRows(state)) + 1;
		}
	}
}

/** Handles a command of the request pane; false when it is not one of its own. */
export function requestCommand(step: Step, command: Command, world: World): boolean {
	const {state} = step;
	const {collection, request} = selectedOf(world.collections(), state);
	if (collection === undefined || request === undefined) {
		if (command.startsWith('request.') || command === 'edit.enter') {
			step.say('No request selected: pick one in the collections pane', 'warning');
			return true;
		}

		return false;
	}

	const count = rowCount(state, request);
	const setRow = (row: number) => {
		step.dispatch({type: 'requestRow', row: Math.max(0, Math.min(row, count - 1))});
	};

	const updateRequest = (edit: (current: Request) => Request) => {
		step.effect(change(({store}) => store.updateRequest(collection.id, request.id, edit)));
	};

	switch (command) {
		case 'nav.up':
		case 'nav.down': {
			setRow(state.requestRow + (command === 'nav.up' ? -1 : 1));
			return true;
		}

		case 'nav.top':
		case 'nav.bottom': {
			setRow(command === 'nav.top' ? 0 : count - 1);
			return true;
		}

		case 'nav.pageUp':
		case 'nav.pageDown': {
			setRow(state.requestRow + (command === 'nav.pageUp' ? -1 : 1) * pageRowsOf(state));
			return true;
		}

		case 'nav.left':
		case 'nav.right': {
			const index = requestTabs.indexOf(state.requestTab) + (command === 'nav.left' ? requestTabs.length - 1 : 1);
			step.dispatch({type: 'requestTab', tab: requestTabs[index % requestTabs.length]!});
			return true;
		}

		case 'request.cycleMethod': {
			updateRequest(current => ({...current, method: cycle(httpMethods, current.method)}));
			return true;
		}

		case 'request.editUrl': {
			edit(step, request, {kind: 'url'});
			return true;
		}

		case 'request.addHeader': {
			step.dispatch({type: 'requestTab', tab: 'headers'});
			edit(step, request, {kind: 'header', index: 'new'});
			return true;
		}

		case 'request.toggleHeader': {
			const header = request.headers[state.requestRow];
			if (state.requestTab === 'headers' && header !== undefined) {
				updateRequest(current => {
					const index = headerIndexNow(current.headers, state.requestRow, header);
					return {...current, headers: current.headers.map((candidate, position) => position === index ? {...candidate, enabled: !header.enabled} : candidate)};
				});
			}

			return true;
		}

		case 'request.delete': {
			const header = request.headers[state.requestRow];
			if (state.requestTab === 'headers' && header !== undefined) {
				const action = {kind: 'delete-header', collectionId: collection.id, requestId: request.id, index: state.requestRow, header} as const;
				step.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete header "${header.name}"?`, action}});
			}

			return true;
		}

		case 'request.bodyType': {
			updateRequest(current => ({...current, body: changeBodyType(current.body, cycle(editableBodyTypes, current.body.type))}));
			step.dispatch({type: 'requestTab', tab: 'body'});
			return true;
		}

		case 'edit.enter': {
			enterField(step, collection, request);
			return true;
		}

		case 'request.openEditor': {
			openExternalEditor(step, collection, request);
			return true;
		}

		case 'request.details': {
			editRequestDetails(step, collection, request);
			return true;
		}

		default: {
			return false;
		}
	}
}

/** Opens a field of the request on its text as stored now. */
export function edit(step: Step, request: Request, target: EditTarget, text = initialText(request, target)): void {
	step.dispatch({type: 'setMode', mode: {kind: 'editing', target, field: createField(text, target.kind === 'url' || target.kind === 'header')}});
}

function initialText(request: Request, target: EditTarget): string {
	switch (target.kind) {
		case 'url': {
			return request.url;
		}

		case 'header': {
			return target.previous === undefined ? '' : headerToLine(target.previous);
		}

		case 'body': {
			return editableText(request.body);
		}

		case 'script': {
			return '';
		}
	}
}

function enterField(step: Step, collection: Collection, request: Request): void {
	const {state} = step;
	switch (state.requestTab) {
		case 'headers': {
			const previous = request.headers[state.requestRow];
			edit(step, request, previous === undefined ? {kind: 'header', index: 'new'} : {kind: 'header', index: state.requestRow, previous});
			return;
		}

		case 'body': {
			if (request.body.type === 'none') {
				const type = typeToEdit(request.body);
				step.effect(change(({store}) => store.updateRequest(collection.id, request.id, current => ({...current, body: changeBodyType(current.body, type)}))));
				edit(step, request, {kind: 'body'}, editableText(changeBodyType(request.body, type)));
				return;
			}

			edit(step, request, {kind: 'body'});
			return;
		}

		case 'scripts': {
			const slot = scriptSlots[Math.min(state.requestRow, scriptSlots.length - 1)]!;
			edit(step, request, {kind: 'script', slot}, scriptText(collection, request, slot));
			return;
		}

		case 'preview': {
			// The Preview shows what is sent; there is nothing in it to type into.
		}
	}
}

function openExternalEditor(step: Step, collection: Collection, request: Request): void {
	const {state} = step;
	const slot = state.requestTab === 'scripts' ? scriptSlots[Math.min(state.requestRow, scriptSlots.length - 1)] : undefined;
	const text = slot === undefined ? editableText(request.body) : scriptText(collection, request, slot);
	const extension = slot === undefined ? (request.body.type === 'json' ? 'json' : 'txt') : 'js';
	step.effect({
		type: 'editExternally',
		text,
		extension,
		then(written, next) {
			// Editors end files with a newline; a body or script rarely wants it.
			const edited = written.replace(/\r?\n$/, '');
			next.effect(change(({store}) => {
				if (slot === undefined) {
					store.updateRequest(collection.id, request.id, current => ({...current, body: bodyWithText(current.body, request.body.type, edited)}));
				} else {
					writeScript(store, collection.id, request.id, slot, edited);
				}
			}));
			next.say(slot === undefined ? 'Body updated from $EDITOR' : `${scriptLabel(slot)} updated from $EDITOR`);
		},
	});
}
