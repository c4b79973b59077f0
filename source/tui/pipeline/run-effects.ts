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
import {placeholderList} from '../../core/problem-list.js';
import {maskResult, maskSecrets} from '../../core/secrets.js';
import type {SendOutcome} from '../../core/session/session.js';
import {StoreUnavailableError} from '../../core/store/store-error.js';
import type {AppContainer, TuiAction, TuiServices} from '../app-context.js';
import type {InFlight} from '../app-state.js';
import {editExternally} from '../external-editor.js';
import {EditConflict} from '../field/edit-conflict.js';
import type {KeyPress} from '../keys.js';
import {selectedOf} from '../selection.js';
import {formatBodyInTurns} from '../panes/response/format-body.js';
import {copiedMessage, osc52} from '../panes/response/osc52.js';
import {say as sayInResponse} from '../panes/response/response-keys.js';
import {saveBody} from '../panes/response/save-body.js';
import {createDebouncedSaver, type DebouncedSaver} from './debounced-saver.js';
import type {Continuation, Effect} from './step.js';
import {handleKey} from './handle-key.js';
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
	let sending = false;

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
				saver.flush();
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
				void formatBodyInTurns(response.body, contentType, {truncated: response.truncated, signal: closing.signal}).then(body => {
					if (body !== undefined && !closing.signal.aborted) {
						apply({type: 'bodyFormatted', response, body});
					}
				});
				return;
			}

			case 'resolvePreview': {
				// Begun once the tab's frame is out and the keys waiting are read: resolving a large
				// body takes a while, and a tab passed through on the way to another costs nothing.
				setImmediate(() => {
					void resolvePreview(effect.of);
				});
			}
		}
	};

	/** Quits, unless an edit is still not saved: then it says so once, and asked again at once, quits without it. */
	const leave = () => {
		const warned = quitWarning !== undefined && container.getState().messages.at(-1)?.id === quitWarning;
		saver.flush();
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

	/**
	Sends the selected request. Unresolved placeholders are warned of first, and a second
	ctrl+r sends anyway (with a pre-request script, which may set them, they are reported with
	the result instead); a strict collection refuses, and the outcome says why.
	*/
	const send = async () => {
		// A new send supersedes what the last one said (sent from inside a field, no key of the app's cleared it).
		apply({type: 'dismissMessage'});
		if (sending || container.getState().inFlight !== undefined) {
			apply({type: 'message', text: 'A request is already in flight: ctrl+c cancels it', tone: 'warning'});
			return;
		}

		// Text still being typed is saved first; the revision moves only then, so a warning stands until an edit.
		if (saver.pending) {
			saver.flush();
		}

		// The stored request would go out without the edit.
		if (saver.unsaved.length > 0) {
			apply({type: 'message', text: `Not sent: an edit is not saved yet: ${errorText(saver.unsaved[0])}`, tone: 'error'});
			return;
		}

		const state = container.getState();
		const {collection, request} = selectedOf(world.collections(), state);
		if (collection === undefined || request === undefined) {
			apply({type: 'message', text: world.collections().length === 0 ? 'Nothing to send: create a collection (N) and a request (n) first' : 'Select a request to send', tone: 'warning'});
			return;
		}

		const environment = state.environments[collection.id];
		sending = true;
		try {
			// A pre-request script may set what the preview lacks: then the problems come with the result.
			const scripted = collection.scripts.preRequest.trim() !== '' || request.scripts.preRequest.trim() !== '';
			const warned = state.sendWarning?.requestId === request.id && state.sendWarning.revision === state.revision;
			if (!collection.settings.strict && !scripted && !warned) {
				const preview = await services.session.preview(collection, request, {environment, env: services.env});
				if (preview.problems.length > 0) {
					const count = preview.problems.length;
					apply({type: 'sendWarned', warning: {requestId: request.id, count, revision: state.revision}});
					apply({type: 'message', text: `${count.toLocaleString('en-US')} placeholder${count === 1 ? '' : 's'} unresolved: ${placeholderList(preview.problems)}. ctrl+r again sends anyway`, tone: 'warning'});
					return;
				}
			}

			const controller = new AbortController();
			const progress: InFlight['progress'] = {bytes: 0};
			apply({type: 'sendStarted', inFlight: {collectionId: collection.id, requestId: request.id, startedAt: Date.now(), controller, progress}});
			let outcome: SendOutcome;
			try {
				outcome = await services.session.send(collection, request, {
					environment,
					signal: controller.signal,
					env: services.env,
					onProgress({status, bytes}) {
						progress.status = status;
						progress.bytes = bytes;
					},
				});
			} catch (error) {
				outcome = {request, problems: [], logs: [], scriptErrors: [], secrets: [], refusal: `Sending failed: ${error instanceof Error ? error.message : String(error)}`};
			}

			const shown = maskedOutcome(outcome);
			apply({type: 'sendFinished', requestId: request.id, outcome: shown});
			const report = reportOf(shown);
			if (report !== undefined) {
				apply({type: 'message', ...report});
			}
		} finally {
			sending = false;
		}
	};

	return {
		world,
		keys,
		apply,
		run,
		saver,
		close() {
			closing.abort();
			saver.flush();
		},
	};
}

export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
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

/**
The outcome as the screen shows it, secrets masked as `curlew run` masks them: in the
console, a script's error, a refusal, a failure and the URLs. The body stays as received.
*/
function maskedOutcome(outcome: SendOutcome): SendOutcome {
	const {secrets, result} = outcome;
	if (secrets.length === 0) {
		return outcome;
	}

	const mask = (text: string) => maskSecrets(text, secrets);
	return {
		...outcome,
		logs: outcome.logs.map(entry => ({...entry, text: mask(entry.text)})),
		scriptErrors: outcome.scriptErrors.map(error => ({...error, message: mask(error.message)})),
		refusal: outcome.refusal && mask(outcome.refusal),
		notKept: outcome.notKept && mask(outcome.notKept),
		result: result && maskResult(result, secrets),
	};
}

/** What the status bar says of how a send ended; a failure or a refusal names its request, which may no longer be the one shown. */
function reportOf(outcome: SendOutcome): {text: string; tone: 'warning' | 'error'} | undefined {
	if (outcome.refusal !== undefined) {
		return {text: `${outcome.request.name}: ${outcome.refusal}`, tone: 'error'};
	}

	if (outcome.scriptErrors.length > 0) {
		const more = outcome.scriptErrors.length - 1;
		return {text: `${outcome.scriptErrors[0]!.message}${more === 0 ? '' : ` (and ${more} more: see the console)`}`, tone: 'error'};
	}

	if (outcome.result?.kind === 'failure') {
		return {text: `${outcome.request.name}: ${outcome.result.message}`, tone: 'error'};
	}

	if (outcome.notKept !== undefined) {
		return {text: `${outcome.request.name}: ${outcome.notKept}`, tone: 'warning'};
	}

	if (outcome.problems.length > 0) {
		return {text: `Sent with ${outcome.problems.length.toLocaleString('en-US')} unresolved placeholder${outcome.problems.length === 1 ? '' : 's'}: ${placeholderList(outcome.problems)}`, tone: 'warning'};
	}

	return undefined;
}
