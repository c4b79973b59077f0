/**
What the request pane's fields do with their text. The URL, a body and a script are saved a
moment after the last key and at once when the field is left (a field left untouched writes
nothing: rewriting a large body costs many keystrokes' time, and would undo another window's
change). A header is saved on Enter, not as it is typed: the list would show it half-typed;
quitting meanwhile saves what Enter would.
*/
import type {Collection, Request} from '../../core/model.js';
import type {Store} from '../../core/store/store.js';
import type {EditTarget, FieldState, ScriptSlot} from '../app-state.js';
import type {Command} from '../keymap.js';
import {bodyWithText} from '../panes/body-type.js';
import {headerIndexNow, leaveHeaderLine, parseHeaderLine} from '../panes/header-line.js';
import {change} from '../pipeline/effect.js';
import type {Step} from '../pipeline/step.js';
import type {World} from '../pipeline/world.js';
import {textOf} from '../text-buffer.js';
import type {FieldKeyResult} from './field-keys.js';

type Target = {collection: Collection; request: Request; target: EditTarget};

/** Acts on what a key did in a request field. `runGlobal` runs send and cancel as from anywhere. */
export function requestFieldOutcome(step: Step, world: World, {collection, request, target}: Target, result: FieldKeyResult, previous: FieldState, runGlobal: (step: Step, command: Command) => void): void {
	if (target.kind === 'header') {
		headerOutcome(step, {collection, request}, target, result, previous, runGlobal);
		return;
	}

	const key = saveKeyOf(collection, request, target);
	const save = (field: FieldState) => {
		const {buffer} = field;
		const bodyType = request.body.type;
		step.effect({
			type: 'save',
			key,
			write({store}) {
				// The text is joined when the save runs, not at each key.
				const text = textOf(buffer);
				if (target.kind === 'url') {
					store.updateRequest(collection.id, request.id, current => ({...current, url: text}));
				} else if (target.kind === 'body') {
					store.updateRequest(collection.id, request.id, current => ({...current, body: bodyWithText(current.body, bodyType, text)}));
				} else {
					writeScript(store, collection.id, request.id, target.slot, text);
				}
			},
		});
	};

	switch (result.kind) {
		case 'typed': {
			if (result.field.buffer.lines !== previous.buffer.lines) {
				save(result.field);
			}

			return;
		}

		case 'submit':
		case 'leave': {
			if (result.field.edited) {
				save(result.field);
			}

			step.effect({type: 'flushSaves'});
			step.dispatch({type: 'leaveMode'});
			return;
		}

		case 'command': {
			step.effect({type: 'flushSaves'});
			runGlobal(step, result.command);
		}
	}
}

function saveKeyOf(collection: Collection, request: Request, target: Exclude<EditTarget, {kind: 'header'}>): string {
	return target.kind === 'script'
		? `script:${target.slot.owner}:${target.slot.phase}:${target.slot.owner === 'request' ? request.id : collection.id}`
		: `${target.kind}:${request.id}`;
}

/** A script's text, into the request or the collection it belongs to. */
export function writeScript(store: Store, collectionId: string, requestId: string, slot: ScriptSlot, text: string): void {
	if (slot.owner === 'request') {
		store.updateRequest(collectionId, requestId, current => ({...current, scripts: {...current.scripts, [slot.phase]: text}}));
	} else {
		store.updateCollection(collectionId, current => ({...current, scripts: {...current.scripts, [slot.phase]: text}}));
	}
}

function headerOutcome(step: Step, {collection, request}: {collection: Collection; request: Request}, target: Extract<EditTarget, {kind: 'header'}>, result: FieldKeyResult, previous: FieldState, runGlobal: (step: Step, command: Command) => void): void {
	const heldKey = `header:${request.id}`;
	const text = textOf(result.field.buffer);
	const leave = () => {
		step.effect({type: 'dropSave', key: heldKey});
		step.dispatch({type: 'leaveMode'});
	};

	switch (result.kind) {
		case 'typed': {
			if (result.field.buffer.lines !== previous.buffer.lines) {
				// Quitting (ctrl+c, a signal) saves what Enter would; the field's own ways out drop this first.
				step.effect({
					type: 'save',
					key: heldKey,
					held: true,
					write({store}) {
						const parsed = parseHeaderLine(text);
						if (parsed.ok) {
							store.updateRequest(collection.id, request.id, current => withHeader(current, target, parsed.name, parsed.value).request);
						}
					},
				});
			}

			return;
		}

		case 'submit': {
			// Enter saves a header; text that is not one keeps the field open, saying what is wrong.
			if (text.trim() === '' && target.index === 'new') {
				leave();
				return;
			}

			const parsed = parseHeaderLine(text);
			if (!parsed.ok) {
				step.say(parsed.message, 'error');
				return;
			}

			saveHeader(step, collection, request, target, parsed.name, parsed.value);
			leave();
			return;
		}

		case 'leave': {
			const outcome = leaveHeaderLine(text, target.previous);
			if (outcome.kind === 'save') {
				saveHeader(step, collection, request, target, outcome.name, outcome.value);
			} else if (outcome.kind === 'drop') {
				step.say(outcome.message, 'warning');
			}

			leave();
			return;
		}

		case 'command': {
			/*
			ctrl+r sends what the field shows: a header is saved first and the field closes (the
			keys after it in the same chunk are the app's, as after Enter). Text that is not a
			header is not sent without a word: the field stays open and says what is wrong.
			ctrl+c cancels a send in flight with the field left open, or quits, which saves what
			is held.
			*/
			if (result.command !== 'app.send') {
				runGlobal(step, result.command);
				return;
			}

			const outcome = leaveHeaderLine(text, target.previous);
			if (outcome.kind === 'drop') {
				const parsed = parseHeaderLine(text);
				step.say(`Not sent: ${parsed.ok ? outcome.message : parsed.message}`, 'error');
				return;
			}

			// Dropped before the send flushes the saves, which would save it a second time.
			step.effect({type: 'dropSave', key: heldKey});
			if (outcome.kind === 'save') {
				saveHeader(step, collection, request, target, outcome.name, outcome.value);
			}

			runGlobal(step, result.command);
			leave();
		}
	}
}

/** The request with the header saved into the one the field opened on, wherever it stands now; gone (changed or deleted in another window), it is added. */
function withHeader(request: Request, target: Extract<EditTarget, {kind: 'header'}>, name: string, value: string): {request: Request; added: boolean} {
	const position = target.index === 'new' || target.previous === undefined ? undefined : headerIndexNow(request.headers, target.index, target.previous);
	return {
		added: position === undefined,
		request: {
			...request,
			headers: position === undefined
				? [...request.headers, {name, value, enabled: true}]
				: request.headers.map((header, at) => at === position ? {...header, name, value} : header),
		},
	};
}

function saveHeader(step: Step, collection: Collection, request: Request, target: Extract<EditTarget, {kind: 'header'}>, name: string, value: string): void {
	step.effect(change(({store}) => {
		let added = false;
		const updated = store.updateRequest(collection.id, request.id, current => {
			const changed = withHeader(current, target, name, value);
			added = changed.added;
			return changed.request;
		});
		return {added, count: updated.headers.length};
	}, ({added, count}, next) => {
		if (added) {
			next.dispatch({type: 'requestRow', row: count - 1});
			if (target.index !== 'new') {
				next.say(`${target.previous?.name ?? 'The header'} was changed or deleted in another curlew window: yours is added as a new header`, 'warning');
			}
		}
	}));
}
