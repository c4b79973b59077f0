/**
Sending the selected request from the app: the warning of unresolved placeholders first, the
body shown as it arrives, and what the status bar says of how the send ended.
*/
import {placeholderList} from '../../core/problem-list.js';
import {maskResult, maskSecrets} from '../../core/secrets.js';
import type {SendOutcome} from '../../core/session/session.js';
import type {ResponseHead} from '../../core/http/types.js';
import type {AppContainer, TuiAction, TuiServices} from '../app-context.js';
import type {InFlight} from '../app-state.js';
import {selectedOf} from '../selection.js';
import {previewBytes} from '../panes/response/format-body.js';
import type {DebouncedSaver} from './debounced-saver.js';
import {errorText} from './error-text.js';
import type {World} from './world.js';

type SenderOptions = {
	container: AppContainer;
	services: TuiServices;
	world: World;
	saver: DebouncedSaver;
	apply: (action: TuiAction) => void;
};

export function createSender({container, services, world, saver, apply}: SenderOptions): () => Promise<void> {
	let sending = false;
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
		const arriving = watchArriving(request.id);
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
				onBodyChunk: arriving.take,
			});
		} catch (error) {
			outcome = {request, problems: [], logs: [], scriptErrors: [], secrets: [], refusal: `Sending failed: ${error instanceof Error ? error.message : String(error)}`};
		} finally {
			arriving.stop();
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

/**
The start of a body as it arrives: its first `previewBytes` are gathered chunk by chunk and
put in the state at most every `arrivingEveryMs`, so a body that streams in draws a few
frames a second, not one per chunk, and takes no more memory than the send already does.
*/
const watchArriving = (requestId: string) => {
	const chunks: Uint8Array[] = [];
	let gathered = 0;
	let head: ResponseHead | undefined;
	let timer: NodeJS.Timeout | undefined;
	let shown = 0;
	const show = () => {
		timer = undefined;
		if (head !== undefined && gathered > shown) {
			shown = gathered;
			apply({type: 'bodyArriving', arriving: {requestId, head, start: Buffer.concat(chunks, gathered)}});
		}
	};

	return {
		take(chunk: Uint8Array, from: ResponseHead) {
			if (head !== from) {
				// A new response head (a redirect's body came first): its body starts again.
				chunks.length = 0;
				gathered = 0;
				shown = 0;
				head = from;
			}

			if (gathered < previewBytes) {
				const piece = chunk.subarray(0, previewBytes - gathered);
				chunks.push(piece);
				gathered += piece.length;
				timer ??= setTimeout(show, arrivingEveryMs);
			}
		},
		stop() {
			clearTimeout(timer);
		},
	};
};

	return send;
}

/** How often the start of a body arriving is drawn again. */
const arrivingEveryMs = 100;

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
