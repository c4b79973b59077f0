/**
What the request pane's fields do with their text. The URL, a body and a script are saved a
moment after the last key and at once when the field is left (a field left untouched writes
nothing: rewriting a large body costs many keystrokes' time, and would undo another window's
change). A header is saved on Enter, not as it is typed: the list would show it half-typed;
quitting meanwhile saves what Enter would.
*/
import type {Collection, Request} from '../../core/model.js';
import type {Store} from '../../core/store/store.js';
import {createField, type EditTarget, type FieldState, type ScriptSlot} from '../app-state.js';
import type {Command} from '../keymap.js';
import {bodyWithText, editableText} from '../panes/request/body-type.js';
import {EditConflict} from './edit-conflict.js';
import {changedHeaderIndex, headerIndexNow, headerToLine, leaveHeaderLine, parseHeaderLine} from '../panes/request/header-line.js';
import {scriptLabel} from '../panes/request/script-slots.js';
import {change} from '../pipeline/step.js';
import type {Step} from '../pipeline/step.js';
import type {World} from '../pipeline/world.js';
import {textOf} from '../text-buffer.js';
import type {FieldKeyResult} from './field-keys.js';

type Target = {collection: Collection; request: Request; target: EditTarget};

/** Hands on the key that came right after an Esc that closed a field. */
export type GoOn = (step: Step, result: FieldKeyResult, world: World) => void;

/** Acts on what a key did in a request field. `runGlobal` runs send and cancel as from anywhere; `goOn` hands on the key typed right after an Esc that closed the field. */
export function requestFieldOutcome(step: Step, world: World, {collection, request, target}: Target, result: FieldKeyResult, previous: FieldState, runGlobal: (step: Step, command: Command) => void, goOn: GoOn): void {
	if (target.kind === 'header') {
		headerOutcome(step, world, {collection, request}, target, result, previous, runGlobal, goOn);
		return;
	}

	const key = saveKeyOf(collection, request, target);
	const what = target.kind === 'url' ? 'the URL' : target.kind === 'body' ? 'the body' : `the ${scriptLabel(target.slot).toLowerCase()}`;
	const modeSerial = step.state.modeSerial;
	const save = (field: FieldState) => {
		const {buffer, standsOn} = field;
		const bodyType = request.body.type;
		// Another window's change of the field, met when the save runs: nothing is written, and the field says so.
		const check = (storedNow: string) => {
			if (storedNow !== standsOn) {
				throw new EditConflict(what, storedNow);
			}
		};

		step.effect({
			type: 'save',
			key,
			modeSerial,
			write({store}) {
				// The text is joined when the save runs, not at each key.
				const text = textOf(buffer);
				if (target.kind === 'url') {
					store.updateRequest(collection.id, request.id, current => {
						check(current.url);
						return {...current, url: text};
					});
				} else if (target.kind === 'body') {
					store.updateRequest(collection.id, request.id, current => {
						check(editableText(current.body));
						return {...current, body: bodyWithText(current.body, bodyType, text)};
					});
				} else {
					writeScript(store, collection.id, request.id, target.slot, text, check);
				}

				return text;
			},
		});
	};

	// A URL as the field stands on it is no edit: saving it would undo another window's change.
	const saveIfEdited = (field: FieldState) => {
		if (target.kind === 'url' && field.conflict === undefined && textOf(field.buffer) === field.standsOn) {
			step.effect({type: 'dropSave', key});
		} else if (field.edited) {
			save(field);
		}
	};

	const {field} = result;
	switch (result.kind) {
		case 'typed': {
			if (field.buffer.lines !== previous.buffer.lines) {
				saveIfEdited(field);
			}

			return;
		}

		case 'submit':
		case 'leave': {
			saveIfEdited(field);
			// The field stays open while a save of it meets another window's change, until ctrl+o or ctrl+t.
			step.effect({
				type: 'flushSaves',
				then(_unsaved, next, after) {
					const open = next.state.modeSerial === modeSerial && next.state.mode.kind === 'editing';
					if (open && next.state.mode.kind === 'editing' && next.state.mode.field.conflict !== undefined) {
						return;
					}

					if (open) {
						next.dispatch({type: 'leaveMode'});
					}

					goOn(next, result, after);
				},
			});
			return;
		}

		case 'command': {
			if (result.command === 'edit.keepMine' || result.command === 'edit.takeTheirs') {
				answerConflict(step, field, result.command, target.kind === 'url', save, key);
				return;
			}

			step.effect({type: 'flushSaves'});
			runGlobal(step, result.command);
		}
	}
}

/**
ctrl+o or ctrl+t in a field whose save met another window's change: save this window's text
over it, or put the other's text in the field. Without such a change, nothing.
*/
function answerConflict(step: Step, field: FieldState, choice: 'edit.keepMine' | 'edit.takeTheirs', singleLine: boolean, save: (field: FieldState) => void, key: string): void {
	const {conflict} = field;
	if (conflict === undefined) {
		return;
	}

	const theirs = conflict.theirs ?? field.standsOn;
	if (choice === 'edit.takeTheirs') {
		step.effect({type: 'dropSave', key});
		step.dispatch({type: 'field', field: {...createField(theirs, singleLine), standsOn: theirs}});
		step.say('The field holds the other window\'s text now');
		return;
	}

	const mine = {...field, standsOn: theirs, conflict: undefined};
	step.dispatch({type: 'field', field: mine});
	save(mine);
	const modeSerial = step.state.modeSerial;
	step.effect({
		type: 'flushSaves',
		then(_unsaved, next) {
			const {mode} = next.state;
			if (next.state.modeSerial === modeSerial && mode.kind === 'editing' && mode.field.conflict === undefined) {
				next.say('Yours is saved over the other window\'s');
			}
		},
	});
}

function saveKeyOf(collection: Collection, request: Request, target: Exclude<EditTarget, {kind: 'header'}>): string {
	return target.kind === 'script'
		? `script:${target.slot.owner}:${target.slot.phase}:${target.slot.owner === 'request' ? request.id : collection.id}`
		: `${target.kind}:${request.id}`;
}

/** A script's text, into the request or the collection it belongs to; `check`, when given, first sees the text stored there now. */
export function writeScript(store: Store, collectionId: string, requestId: string, slot: ScriptSlot, text: string, check?: (storedNow: string) => void): void {
	if (slot.owner === 'request') {
		store.updateRequest(collectionId, requestId, current => {
			check?.(current.scripts[slot.phase]);
			return {...current, scripts: {...current.scripts, [slot.phase]: text}};
		});
	} else {
		store.updateCollection(collectionId, current => {
			check?.(current.scripts[slot.phase]);
			return {...current, scripts: {...current.scripts, [slot.phase]: text}};
		});
	}
}

function headerOutcome(step: Step, world: World, {collection, request}: {collection: Collection; request: Request}, target: Extract<EditTarget, {kind: 'header'}>, result: FieldKeyResult, previous: FieldState, runGlobal: (step: Step, command: Command) => void, goOn: GoOn): void {
	const heldKey = `header:${request.id}`;
	const text = textOf(result.field.buffer);
	const leave = (next: Step) => {
		next.effect({type: 'dropSave', key: heldKey});
		next.dispatch({type: 'leaveMode'});
	};

	/** Saves the header and, once it is saved, closes the field and goes on; kept open, saying why, when the store cannot take it. */
	const saveThen = (name: string, value: string, options: {overwrite?: boolean; then?: (next: Step, world: World) => void} = {}) => {
		saveHeader(step, collection, request, target, name, value, options.overwrite === true, (next, later) => {
			leave(next);
			options.then?.(next, later);
		});
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
							store.updateRequest(collection.id, request.id, current => withHeader(current, target, parsed.name, parsed.value, false).request);
						}
					},
				});
			}

			return;
		}

		case 'submit': {
			// Enter saves a header; text that is not one keeps the field open, saying what is wrong.
			if (text.trim() === '' && target.index === 'new') {
				leave(step);
				return;
			}

			const parsed = parseHeaderLine(text);
			if (parsed.ok) {
				saveThen(parsed.name, parsed.value);
			} else {
				step.say(parsed.message, 'error');
			}

			return;
		}

		case 'leave': {
			const outcome = leaveHeaderLine(text, target.previous);
			const after = (next: Step, later: World) => {
				goOn(next, result, later);
			};

			if (outcome.kind === 'save') {
				saveThen(outcome.name, outcome.value, {then: after});
				return;
			}

			if (outcome.kind === 'drop') {
				step.say(outcome.message, 'warning');
			}

			leave(step);
			after(step, world);
			return;
		}

		case 'command': {
			const {command} = result;
			// ctrl+o saves this window's text over the other's; ctrl+t leaves the other's and closes the field.
			if ((command === 'edit.keepMine' || command === 'edit.takeTheirs') && result.field.conflict !== undefined) {
				if (command === 'edit.takeTheirs') {
					leave(step);
					step.say('The other window\'s header is kept');
					return;
				}

				const parsed = parseHeaderLine(text);
				if (parsed.ok) {
					saveThen(parsed.name, parsed.value, {overwrite: true});
				} else {
					step.say(parsed.message, 'error');
				}

				return;
			}

			/*
			ctrl+r sends what the field shows: a header is saved first and the field closes (the
			keys after it in the same chunk are the app's, as after Enter). Text that is not a
			header is not sent without a word: the field stays open and says what is wrong.
			ctrl+c cancels a send in flight with the field left open, or quits, which saves what
			is held.
			*/
			if (command !== 'app.send') {
				runGlobal(step, command);
				return;
			}

			const outcome = leaveHeaderLine(text, target.previous);
			if (outcome.kind === 'drop') {
				const parsed = parseHeaderLine(text);
				step.say(`Not sent: ${parsed.ok ? outcome.message : parsed.message}`, 'error');
				return;
			}

			const send = (next: Step) => {
				runGlobal(next, 'app.send');
			};

			if (outcome.kind === 'save') {
				saveThen(outcome.name, outcome.value, {then: send});
			} else {
				// Dropped before the send flushes the saves, which would save it a second time.
				leave(step);
				send(step);
			}
		}
	}
}

/**
The request with the header saved into the one the field opened on, wherever it stands now.
Changed or deleted in another window, it is a conflict (see edit-conflict.ts); `overwrite`
answers it, saving over the other window's version, or adding the header when that one is gone.
*/
function withHeader(request: Request, target: Extract<EditTarget, {kind: 'header'}>, name: string, value: string, overwrite: boolean): {request: Request; added: boolean} {
	let position = target.index === 'new' || target.previous === undefined ? undefined : headerIndexNow(request.headers, target.index, target.previous);
	if (target.index !== 'new' && target.previous !== undefined && position === undefined) {
		const theirs = changedHeaderIndex(request.headers, target.index, target.previous);
		if (!overwrite) {
			throw new EditConflict(`header ${target.previous.name}`, theirs === undefined ? undefined : headerToLine(request.headers[theirs]!));
		}

		position = theirs;
	}

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

/** A header the store cannot take keeps its field open with the text, saying why: Enter tries again. */
function saveHeader(step: Step, collection: Collection, request: Request, target: Extract<EditTarget, {kind: 'header'}>, name: string, value: string, overwrite: boolean, saved: (next: Step, world: World) => void): void {
	const modeSerial = step.state.modeSerial;
	step.effect(change(({store}) => {
		let added = false;
		const updated = store.updateRequest(collection.id, request.id, current => {
			const changed = withHeader(current, target, name, value, overwrite);
			added = changed.added;
			return changed.request;
		});
		return {added, count: updated.headers.length};
	}, ({added, count}, next, world) => {
		if (added) {
			next.dispatch({type: 'requestRow', row: count - 1});
		}

		saved(next, world);
	}, ({message, error}, next) => {
		if (error instanceof EditConflict) {
			next.dispatch({type: 'fieldConflict', modeSerial, theirs: error.theirs});
			next.say(message, 'error');
		} else {
			next.say(`Not saved yet: ${message}. The field stays open with your text: Enter tries again`, 'error');
		}
	}));
}
