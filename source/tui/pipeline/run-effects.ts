/**
The one runner of effects, and the loop around the key pipeline: each key becomes a step
(`handle-key.ts`), the step is settled (`settle.ts`) and put in place, and its effects are
performed in order. An effect's continuation is a step of its own, settled and put in place
the same way, before the next key: a store change and what it leads to (select what was
created) happen between two keys, never across them.

Text typed in a field is saved a moment after the last key (a held save only when the saves
are flushed: leaving, sending, quitting, a signal), so the store is not rewritten at each key.
*/
import type {Writable} from 'node:stream';
import {formatSize} from '../../core/http/format-size.js';
import {StoreUnavailableError} from '../../core/store/store-error.js';
import type {AppContainer, TuiAction, TuiServices} from '../app-context.js';
import type {RememberedView} from '../app-state.js';
import {editExternally} from '../external-editor.js';
import {EditConflict} from '../field/edit-conflict.js';
import type {KeyPress} from '../keys.js';
import {writeRememberedView} from '../remembered-view.js';
import {selectedOf} from '../selection.js';
import {formatBodyInTurns, formatJqOutput, formatJqOutputInTurns, formatJqOutputPreview} from '../panes/response/format-body.js';
import {formatInTurnsAbove} from '../panes/response/shown-response.js';
import {pagerText} from '../panes/response/pager-text.js';
import {page} from '../external-pager.js';
import {closeJq, runJq} from '../../core/jq/run-jq.js';
import type {HttpResponse} from '../../core/http/types.js';
import {copiedMessage, osc52} from '../panes/response/osc52.js';
import {say as sayInResponse} from '../panes/response/response-keys.js';
import {saveBody} from '../panes/response/save-body.js';
import {createDebouncedSaver, type DebouncedSaver} from './debounced-saver.js';
import type {Continuation, Effect} from './step.js';
import {errorText} from './error-text.js';
import {handleKey} from './handle-key.js';
import {createSender} from './send-request.js';
import {settle} from './settle.js';
import {Step} from './step.js';
import type {World} from './world.js';

export type RunnerOptions = {
	container: AppContainer;
	services: TuiServices;
	world: World;
	/** Where the clipboard's escape sequence is written: the terminal itself. */
	terminal: Pick<Writable, 'write'>;
	/** Ends the app (after the saves are flushed). */
	quit: () => void;
};

export type Runner = {
	readonly world: World;
	/** The keys of one chunk of input, in order. */
	keys: (presses: readonly KeyPress[]) => void;
	/** Something that happened outside the keys (the terminal resized, the store changed on disk). */
	apply: (action: TuiAction) => void;
	run: (effects: readonly Effect[]) => void;
	readonly saver: DebouncedSaver;
	/** Runs every save waiting and writes the view to show at the next start: before the app stops (quit, ctrl+z, a signal). */
	saveAll: () => void;
	/** Stops what runs on its own (a body being formatted, the saver's timer). */
	close: () => void;
};

export function createRunner({container, services, world, terminal, quit}: RunnerOptions): Runner {
	/*
	A save the store cannot write for now (a full disk, a folder not writable) is kept and tried
	again with the next change, and the status bar says so; so is one that met its field changed
	by another window, until the user chooses (see edit-conflict.ts). One the store refuses (the
	request was deleted in another window) is said, and the app goes on.
	*/
	const saver = createDebouncedSaver(300, {
		keepOnError: error => error instanceof StoreUnavailableError || error instanceof EditConflict,
		onError(error, kept) {
			const reason = errorText(error);
			const text = error instanceof EditConflict ? reason : kept ? `Not saved yet: ${reason}. The edit is kept, and saved with your next change` : `Not saved: ${reason}`;
			apply({type: 'message', text, tone: 'error'});
		},
	});
	/** The message that said an edit is not saved and quitting again leaves it. */
	let quitWarning: number | undefined;
	const closing = new AbortController();
	/** The view to show again at the next start, not written yet. */
	let viewToRemember: RememberedView | undefined;
	const saveAll = () => {
		saver.flush();
		const view = viewToRemember;
		viewToRemember = undefined;
		if (view !== undefined) {
			writeRememberedView(services.store, view);
		}
	};

	const send = createSender({container, services, world, saver, apply: action => apply(action)});

	/** Settles a step, puts its state in place and performs its effects. */
	const commit = (step: Step) => {
		settle(step, world);
		container.setState(step.state);
		run(step.effects);
	};

	const follow = <T>(continuation: Continuation<T> | undefined, result: T) => {
		if (continuation !== undefined) {
			const step = new Step(container.getState());
			continuation(result, step, world);
			commit(step);
		}
	};

	const apply = (action: TuiAction) => {
		const step = new Step(container.getState());
		step.dispatch(action);
		commit(step);
	};

	const keys = (presses: readonly KeyPress[]) => {
		for (const press of coalesced(presses, () => container.getState().mode)) {
			const step = new Step(container.getState());
			handleKey(step, press, world);
			commit(step);
		}
	};

	const run = (effects: readonly Effect[]) => {
		for (const effect of effects) {
			perform(effect);
		}
	};

	const perform = (effect: Effect) => {
		switch (effect.type) {
			case 'change': {
				// Typed text the store could not write before is tried again first: it came first.
				saver.retry();
				const revision = container.getState().revision;
				let result: unknown;
				try {
					result = effect.run(services);
				} catch (error) {
					// The store read its file again to try the change: what another window saved shows now.
					apply({type: 'stored'});
					const message = errorText(error);
					if (effect.refused === undefined) {
						apply({type: 'message', text: message, tone: 'error'});
					} else {
						follow(effect.refused, {message, error});
					}

					return;
				}

				// A change of the session's runtime variables is no store change: the views read them again all the same.
				if (container.getState().revision === revision) {
					apply({type: 'stored'});
				}

				follow(effect.then, result);
				return;
			}

			case 'save': {
				const {modeSerial} = effect;
				const write = () => {
					try {
						const saved = effect.write(services);
						if (modeSerial !== undefined && typeof saved === 'string') {
							apply({type: 'fieldSaved', modeSerial, text: saved});
						}
					} catch (error) {
						if (modeSerial !== undefined && error instanceof EditConflict) {
							apply({type: 'fieldConflict', modeSerial, theirs: error.theirs});
						}

						throw error;
					}
				};

				if (effect.held === true) {
					saver.hold(effect.key, write);
				} else {
					saver.schedule(effect.key, write);
				}

				return;
			}

			case 'dropSave': {
				saver.release(effect.key);
				return;
			}

			case 'flushSaves': {
				saver.flush();
				follow(effect.then, saver.unsaved);
				return;
			}

			case 'send': {
				void send();
				return;
			}

			case 'cancel': {
				const {inFlight} = container.getState();
				if (inFlight === undefined) {
					leave();
				} else {
					inFlight.controller.abort();
					apply({type: 'message', text: 'Cancelled', tone: 'warning'});
				}

				return;
			}

			case 'quit': {
				leave();
				return;
			}

			case 'suspend': {
				saveAll();
				services.terminal?.stopForShell?.();
				return;
			}

			case 'copy': {
				const clipboard = osc52(effect.bytes);
				terminal.write(clipboard.sequence);
				const step = new Step(container.getState());
				sayInResponse(step, {text: copiedMessage(clipboard, effect.bytes.length), tone: 'info'});
				commit(step);
				return;
			}

			case 'saveFile': {
				void saveBody(effect.path, effect.bytes, {fileName: effect.fileName}).then(saved => {
					const step = new Step(container.getState());
					if (saved.ok) {
						sayInResponse(step, {text: `Saved ${formatSize(effect.bytes.length)} to ${saved.path}`, tone: 'info'});
					} else {
						// The next s offers the path as the message names it, to correct rather than retype.
						sayInResponse(step, {text: saved.message, tone: 'error'}, saved.path);
					}

					commit(step);
				});
				return;
			}

			case 'editExternally': {
				saver.flush();
				const edit = editExternally(effect.text, {env: services.env, extension: effect.extension, suspend: services.terminal?.suspend, resume: services.terminal?.resume});
				if (edit.kind === 'failed') {
					apply({type: 'message', text: edit.message, tone: 'error'});
					return;
				}

				if (edit.note !== undefined) {
					apply({type: 'message', text: edit.kind === 'unchanged' ? `Nothing changed in the editor. ${edit.note}` : edit.note});
				} else if (edit.kind === 'unchanged') {
					apply({type: 'message', text: 'Nothing changed in the editor'});
				}

				if (edit.kind === 'edited') {
					follow(effect.then, edit.text);
				}

				return;
			}

			case 'formatBody': {
				const {response} = effect;
				const contentType = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
				void formatBodyInTurns(response.body, contentType, {truncated: effect.cutShort, signal: closing.signal}).then(body => {
					if (body !== undefined && !closing.signal.aborted) {
						apply({type: 'bodyFormatted', response, body});
					}
				});
				return;
			}

			case 'filterBody': {
				void filterBody(effect.response, effect.filter);
				return;
			}

			case 'stopFilter': {
				filtering?.abort();
				filtering = undefined;
				return;
			}

			case 'page': {
				saver.flush();
				const {document} = effect;
				const paged = page(colours => pagerText(document, colours), {env: services.env, suspend: services.terminal?.suspend, resume: services.terminal?.resume});
				if (paged.kind === 'failed') {
					apply({type: 'message', text: paged.message, tone: 'error'});
				} else if (paged.note !== undefined) {
					apply({type: 'message', text: paged.note});
				}

				return;
			}

			case 'resolvePreview': {
				// Begun once the tab's frame is out and the keys waiting are read: resolving a large
				// body takes a while, and a tab passed through on the way to another costs nothing.
				setImmediate(() => {
					void resolvePreview(effect.of);
				});
				return;
			}

			case 'rememberView': {
				viewToRemember = effect.view;
			}
		}
	};

	/** The jq filter that runs, stopped when another is asked for or it is no longer wanted. */
	let filtering: AbortController | undefined;

	/**
	Runs a jq filter in its worker; its output is shown at once when small, else its first
	screens at once and the whole formatted a few milliseconds at a time, as a large body is.
	A result for a response or filter no longer shown is dropped.
	*/
	const filterBody = async (response: HttpResponse, filter: string) => {
		filtering?.abort();
		const controller = new AbortController();
		filtering = controller;
		const outcome = await runJq(response.body, filter, controller.signal);
		const current = () => !closing.signal.aborted && !controller.signal.aborted && container.getState().filtered?.response === response && container.getState().filtered?.filter === filter;
		if (outcome.kind === 'cancelled' || !current()) {
			return;
		}

		if (filtering === controller) {
			filtering = undefined;
		}

		if (outcome.kind === 'error') {
			apply({type: 'bodyFiltered', filtered: {response, filter, outcome}});
			return;
		}

		const {output} = outcome;
		const large = output.length > formatInTurnsAbove;
		apply({type: 'bodyFiltered', filtered: {response, filter, outcome: {kind: 'output', output, body: large ? formatJqOutputPreview(output) : formatJqOutput(output)}}});
		if (large) {
			const body = await formatJqOutputInTurns(output, closing.signal);
			if (body !== undefined && current()) {
				apply({type: 'bodyFiltered', filtered: {response, filter, outcome: {kind: 'output', output, body}}});
			}
		}
	};

	/** Quits, unless an edit is still not saved: then it says so once, and asked again at once, quits without it. */
	const leave = () => {
		const warned = quitWarning !== undefined && container.getState().messages.at(-1)?.id === quitWarning;
		saveAll();
		if (saver.unsaved.length > 0 && !warned) {
			apply({type: 'message', text: `An edit is not saved, q or ctrl+c again quits without it: ${errorText(saver.unsaved[0])}`, tone: 'error'});
			quitWarning = container.getState().messages.at(-1)?.id;
			return;
		}

		quit();
	};

	const resolvePreview = async (of: Extract<Effect, {type: 'resolvePreview'}>['of']) => {
		const state = container.getState();
		if (closing.signal.aborted || state.previewing?.requestId !== of.requestId || state.previewing.revision !== of.revision) {
			return;
		}

		const {collection, request} = selectedOf(world.collections(), state);
		if (collection === undefined || request === undefined || request.id !== of.requestId) {
			return;
		}

		let preview;
		try {
			preview = await services.session.preview(collection, request, {environment: of.environmentId, env: services.env});
		} catch (error) {
			preview = {problems: [], secrets: [], error: error instanceof Error ? error.message : String(error)};
		}

		if (!closing.signal.aborted) {
			apply({type: 'previewResolved', of, preview});
		}
	};

	return {
		world,
		keys,
		apply,
		run,
		saver,
		saveAll,
		close() {
			closing.abort();
			filtering?.abort();
			closeJq();
			saveAll();
		},
	};
}

/**
The keys of a chunk with each run of typed text into an open field joined into one key:
inserting a burst of typing into a body of megabytes costs one edit, not one per character.
*/
function* coalesced(presses: readonly KeyPress[], mode: () => {kind: string}): Generator<KeyPress> {
	let index = 0;
	while (index < presses.length) {
		const press = presses[index]!;
		const fieldOpen = mode().kind === 'editing' || mode().kind === 'prompt';
		if (!fieldOpen || press.text === '') {
			yield press;
			index++;
			continue;
		}

		let text = press.text;
		let next = index + 1;
		while (next < presses.length && presses[next]!.text !== '' && presses[next]!.pasted === press.pasted) {
			text += presses[next]!.text;
			next++;
		}

		yield next === index + 1 ? press : {...press, text};
		index = next;
	}
}
