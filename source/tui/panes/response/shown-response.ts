/**
What the response pane shows for the selected request, worked out from the app state: this
session's last outcome, or a response kept in the request's history (H and L step through
them), and the documents of its tabs. Each is made once per response and width: a frame or a
key reads them again for free.
*/
import type {HttpResponse, SendResult} from '../../../core/http/types.js';
import {maskResult} from '../../../core/secrets.js';
import type {SendOutcome} from '../../../core/session/session.js';
import type {StoredHistoryEntry} from '../../../core/store/history.js';
import type {TuiState} from '../../app-context.js';
import type {World} from '../../pipeline/world.js';
import type {ConsoleEntry} from './console-entry.js';
import {formatBody, formatBodyPreview, previewBytes, type FormattedBody} from './format-body.js';
import type {ArrivingBody} from './arriving-body.js';
import {filterOutcomeOf, type FilteredBody, type FilterOutcome} from './filtered-body.js';
import {sentDocument} from './sent-document.js';
import {formatSize} from '../../../core/http/format-size.js';
import {makeVisible, oneLine} from '../../../core/visible-text.js';
import {keptShownOf} from './kept-response.js';
import {consoleDocument, failureDocument, headersDocument, type FailureDocument} from './pane-documents.js';
import type {PaneDocuments} from './pane-state.js';
import {failureChecklist} from './status-line.js';
import {createDocument, type TextDocument} from './text-document.js';

export type KeptShown = {entry: StoredHistoryEntry; place: number; count: number};

export type ShownResponse = {
	result?: SendResult;
	/** This session's outcome, when it is what is shown. */
	outcome?: SendOutcome;
	/** The kept response shown, masked with the secrets of now. */
	kept?: KeptShown;
	consoleEntries: readonly ConsoleEntry[];
	scriptErrors: readonly string[];
	refusal?: string;
	/** The body is only the start of the response's: cut at the size cap, or by the history at 1 MB. */
	cutShort: boolean;
};

const noEntries: readonly ConsoleEntry[] = [];
const noErrors: readonly string[] = [];
const nothing: ShownResponse = {consoleEntries: noEntries, scriptErrors: noErrors, cutShort: false};

type ShownInputs = {requestId?: string; last?: SendOutcome; keptShown?: string; revision: number; environmentId?: string};
const lastShown = new WeakMap<World, {inputs: ShownInputs; shown: ShownResponse}>();

/** What the response pane shows now: the same object until what it depends on changes. */
export function shownResponse(state: TuiState, world: World): ShownResponse {
	const {requestId, collectionId} = state.selection;
	const inputs: ShownInputs = {
		requestId,
		last: requestId === undefined ? undefined : state.outcomes[requestId],
		keptShown: state.keptShown,
		// The history and the secrets change with a send (the outcome) or a store change (the revision).
		revision: state.keptShown === undefined && requestId !== undefined && state.outcomes[requestId] !== undefined ? -1 : state.revision,
		environmentId: collectionId === undefined ? undefined : state.environments[collectionId],
	};
	const cached = lastShown.get(world);
	if (cached !== undefined && sameInputs(cached.inputs, inputs)) {
		return cached.shown;
	}

	const shown = computeShown(state, world, inputs);
	lastShown.set(world, {inputs, shown});
	return shown;
}

function sameInputs(a: ShownInputs, b: ShownInputs): boolean {
	return a.requestId === b.requestId && a.last === b.last && a.keptShown === b.keptShown && a.revision === b.revision && a.environmentId === b.environmentId;
}

function computeShown(state: TuiState, world: World, {requestId, last, keptShown, environmentId}: ShownInputs): ShownResponse {
	if (requestId === undefined) {
		return nothing;
	}

	let kept: KeptShown | undefined;
	if (last === undefined || keptShown !== undefined) {
		const names = world.keptNames(requestId);
		const name = keptShownOf(names, keptShown, last);
		const entry = name === undefined ? undefined : world.keptEntry(requestId, name);
		const collection = world.collections().find(candidate => candidate.id === state.selection.collectionId);
		if (entry !== undefined && collection !== undefined) {
			// Masked with the secrets of now, as a send's outcome is with those of its time.
			kept = {entry: {...entry, result: maskResult(entry.result, world.secrets(collection, environmentId))}, place: names.length - names.indexOf(name!), count: names.length};
		}
	}

	const outcome = keptShown === undefined ? last : undefined;
	const result = kept?.entry.result ?? outcome?.result;
	return {
		result,
		cutShort: (result?.kind === 'response' && result.truncated) || kept?.entry.bodyCut === true,
		outcome,
		kept,
		consoleEntries: outcome?.logs ?? noEntries,
		scriptErrors: outcome?.scriptErrors.map(error => error.message) ?? noErrors,
		refusal: outcome?.refusal,
	};
}

/** Bodies above this show their first screens at once and are formatted whole a few milliseconds at a time, between keys. */
export const formatInTurnsAbove = 512 * 1024;

const formattedBodies = new WeakMap<object, FormattedBody>();

/** The body as shown: formatted at once, or for a large one its start until the whole (`whole`) is formatted. `cutShort`: see ShownResponse. */
export function bodyOf(result: SendResult | undefined, whole: TuiState['formattedBody'], cutShort: boolean): FormattedBody | undefined {
	if (result?.kind !== 'response') {
		return undefined;
	}

	if (whole?.response === result) {
		return whole.body;
	}

	let body = formattedBodies.get(result);
	if (body === undefined) {
		const contentType = result.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
		body = result.body.length > formatInTurnsAbove ? formatBodyPreview(result.body, contentType) : formatBody(result.body, contentType, {truncated: cutShort});
		formattedBodies.set(result, body);
	}

	return body;
}

/** Whether the body shown is only the start of one still to be formatted whole. */
export function needsFormatting(result: SendResult | undefined, whole: TuiState['formattedBody']): result is HttpResponse {
	return result?.kind === 'response' && result.body.length > formatInTurnsAbove && whole?.response !== result;
}

const emptyDocument = createDocument('', 'plain');
const headerDocuments = new WeakMap<object, PaneDocuments['headers']>();
const consoleDocuments = new WeakMap<object, PaneDocuments['console']>();
const failureDocuments = new WeakMap<object, {width: number; document: FailureDocument}>();

export type ResponseDocuments = {
	documents: PaneDocuments;
	/** What the body tab shows: the body, its jq filter's output or the start of a body arriving. */
	body?: FormattedBody;
	/** The body tab shows an error in the body's place: the filter's. */
	bodyFailed?: boolean;
	/** Why the last send failed, or was refused, in place of a body. */
	failed?: FailureDocument;
};

/** What the body tab depends on besides the response shown. */
export type BodyView = {
	sending: boolean;
	/** The jq filter of the selected request, and what it made of a response. */
	filter?: string;
	filtered?: FilteredBody;
	arriving?: ArrivingBody;
};

export function bodyViewOf(state: TuiState): BodyView {
	const {requestId} = state.selection;
	return {
		sending: state.inFlight !== undefined && state.inFlight.requestId === requestId,
		filter: requestId === undefined ? undefined : state.bodyFilters[requestId],
		filtered: state.filtered,
		arriving: state.arriving?.requestId === requestId ? state.arriving : undefined,
	};
}

/** The documents of the pane's tabs. A failure is the body tab's document, so it scrolls and is searched as a body is. */
export function responseDocuments(shown: ShownResponse, whole: TuiState['formattedBody'], width: number, view: BodyView): ResponseDocuments {
	const response = shown.result?.kind === 'response' ? shown.result : undefined;
	const failed = view.sending ? undefined : failureOf(shown, width);
	const arriving = view.sending && view.arriving !== undefined ? arrivingBody(view.arriving) : undefined;
	const filtered = arriving === undefined && response !== undefined && view.filter !== undefined ? filteredBody(view.filter, filterOutcomeOf(view.filtered, response, view.filter), response.body.length) : undefined;
	const body = arriving ?? filtered?.body ?? bodyOf(shown.result, whole, shown.cutShort);
	return {
		documents: {body: failed?.document ?? body?.document ?? emptyDocument, headers: headersOf(response), sent: sentOf(shown.result), console: consoleOf(shown)},
		body,
		bodyFailed: filtered?.failed,
		failed,
	};
}

/** The filter's output (or why there is none) as the body tab shows it, named above it. */
function filteredBody(filter: string, outcome: FilterOutcome | undefined, size: number): {body: FormattedBody; failed?: true} {
	const named = `jq ${oneLine(filter)}`;
	if (outcome === undefined || outcome.kind === 'running') {
		return {body: {kind: 'empty', document: emptyDocument, notice: `${named}: filtering ${formatSize(size)}… (esc stops it)`}};
	}

	if (outcome.kind === 'error') {
		let document = errorDocuments.get(outcome);
		if (document === undefined) {
			document = createDocument(makeVisible(outcome.message), 'plain');
			errorDocuments.set(outcome, document);
		}

		return {body: {kind: 'text', document, notice: `${named}: not applied (| edits the filter, esc shows the body)`}, failed: true};
	}

	const {body} = outcome;
	const formatting = body.document.partial === true ? `; formatting all ${formatSize(outcome.output.length)}, the first ${formatSize(previewBytes)} are shown` : '';
	return {body: {...body, notice: body.kind === 'empty' ? `${named}: no results` : `${named}${formatting}`}};
}

const errorDocuments = new WeakMap<object, TextDocument>();
const arrivingBodies = new WeakMap<ArrivingBody, FormattedBody>();

/** The start of a body still arriving, formatted as far as it goes. */
function arrivingBody(arriving: ArrivingBody): FormattedBody {
	let body = arrivingBodies.get(arriving);
	if (body === undefined) {
		const contentType = arriving.head.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
		const formatted = formatBody(arriving.start, contentType, {partial: true});
		const shown = arriving.start.length >= previewBytes ? `the first ${formatSize(previewBytes)} are shown until the whole has come` : 'shown as it comes';
		body = {...formatted, document: {...formatted.document, partial: true}, notice: `arriving: ${shown}`};
		arrivingBodies.set(arriving, body);
	}

	return body;
}

const sentDocuments = new WeakMap<object, TextDocument>();
const notSent = createDocument('', 'plain');

function sentOf(result: SendResult | undefined): TextDocument {
	if (result?.sent === undefined) {
		return notSent;
	}

	let document = sentDocuments.get(result.sent);
	if (document === undefined) {
		document = sentDocument(result.sent);
		sentDocuments.set(result.sent, document);
	}

	return document;
}

function failureOf(shown: ShownResponse, width: number): FailureDocument | undefined {
	const failure = shown.result?.kind === 'failure' ? shown.result : undefined;
	const source: object | undefined = failure ?? (shown.refusal === undefined ? undefined : shown.outcome);
	if (source === undefined) {
		return undefined;
	}

	const cached = failureDocuments.get(source);
	if (cached?.width === width) {
		return cached.document;
	}

	// The status line cuts a long reason: the body tab shows it whole.
	const document = failure === undefined ? failureDocument(shown.refusal!, [], width) : failureDocument(failure.message, failureChecklist(failure), width);
	failureDocuments.set(source, {width, document});
	return document;
}

function headersOf(response: Extract<SendResult, {kind: 'response'}> | undefined): PaneDocuments['headers'] {
	if (response === undefined) {
		return emptyDocument;
	}

	let document = headerDocuments.get(response);
	if (document === undefined) {
		document = headersDocument(response.headers);
		headerDocuments.set(response, document);
	}

	return document;
}

function consoleOf(shown: ShownResponse): PaneDocuments['console'] {
	if (shown.outcome === undefined) {
		return emptyDocument;
	}

	let document = consoleDocuments.get(shown.outcome);
	if (document === undefined) {
		document = consoleDocument(shown.consoleEntries, shown.scriptErrors);
		consoleDocuments.set(shown.outcome, document);
	}

	return document;
}
