/**
The response pane: status line, tabs (body, headers, timing, console), the visible slice
of the current tab, and a footer for prompts, messages and the scroll position. The app
hands it each key while it has the focus, through `keysRef`, and acts on the keys it
leaves; it reports through `onModeChange` whether its prompt is open (`edit`), for the
status bar's hints.
*/
import {Box, Text, useStdout} from 'ink';
import {useEffect, useMemo, useRef, useState} from 'react';
import {formatDuration} from '../../core/http/format-duration.js';
import {formatSize} from '../../core/http/format-size.js';
import {statusLine} from '../../core/http/status-line.js';
import type {HttpResponse, SendResult} from '../../core/http/types.js';
import type {ScriptTimes} from '../../core/session/session.js';
import {oneLine} from '../../core/visible-text.js';
import {colorsEnabled} from '../color-support.js';
import type {KeyPress} from '../keys.js';
import {keysFor, type Mode} from '../keymap.js';
import {splitAtCursor} from '../text-buffer.js';
import {columnWidth} from './columns.js';
import type {ConsoleEntry} from './console-entry.js';
import {DocumentView, type LineStyle} from './document-view.js';
import {formatBody, formatBodyInTurns, formatBodyPreview, type FormattedBody} from './format-body.js';
import {copiedMessage, osc52} from './osc52.js';
import {consoleDocument, failureDocument, headersDocument, type FailureDocument} from './pane-documents.js';
import {createPaneState, paneKey, syncPane, tabs, type PaneEffect, type PaneMessage, type PaneState, type ScrollableTab, type Tab, type ViewSizes} from './pane-state.js';
import {freeSavePath, saveBody} from './save-body.js';
import {failureChecklist, failureSummary, statusTone, toneColors} from './status-line.js';
import {createDocument} from './text-document.js';
import {TimingView} from './timing-view.js';
import {visibleRows, type ViewportState} from './viewport.js';

export type ResponsePaneProps = {
	/** The last send's outcome; undefined before the first send. */
	result?: SendResult;
	/** Script output of the last send. Pass the same array until it changes (it is memoised by identity). */
	consoleEntries?: readonly ConsoleEntry[];
	/** Why scripts failed, each with its line number, in the order they ran. Pass the same array until it changes (it is memoised by identity). */
	scriptErrors?: readonly string[];
	/** Why the last send was refused before it went out (strict mode, an invalid URL). */
	refusal?: string;
	/** The scripts' own run time in each phase of the last send, for the timing tab. */
	scriptTimes?: ScriptTimes;
	/**
	Set while a request is in flight: the pane shows a spinner, the time since `startedAt`
	(epoch ms), and from `progress` (read at each tick) the status and body bytes so far.
	*/
	inFlight?: {startedAt: number; progress?: {status?: number; bytes: number}};
	/** Rows and columns the pane may fill (inside any border the app draws). */
	height: number;
	width: number;
	/** Called with what the pane also shows in its footer: saved, copied, errors. */
	onMessage?: (message: string, tone: 'info' | 'error') => void;
	/** `edit` while the search or save prompt has the keyboard, `navigate` otherwise. */
	onModeChange?: (mode: Mode) => void;
	/** Filled in by the pane with its `ResponseKeys`. */
	keysRef?: ResponseKeysRef;
};

/**
Gives the pane one key; returns the key left for the app, if any (see `paneKey`). The pane
reads its state as of the keys before, so a burst from one stdin chunk is taken in order.
*/
export type ResponseKeys = (press: KeyPress) => KeyPress | undefined;
export type ResponseKeysRef = {current: ResponseKeys | undefined};

const noEntries: readonly ConsoleEntry[] = [];
const noErrors: readonly string[] = [];
const emptyDocument = createDocument('', 'plain');
const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Status line and tab row. */
const headRows = 2;
const maxMessageRows = 3;

function headerValue(response: HttpResponse, name: string): string | undefined {
	return response.headers.find(([header]) => header.toLowerCase() === name)?.[1];
}

function lastPathSegment(url: string): string {
	try {
		return new URL(url).pathname.split('/').at(-1) ?? '';
	} catch {
		return '';
	}
}

/** The last segment of the URL's path when it looks like a file name (`report.csv`), else `response.<kind>`. */
function defaultSavePath(response: HttpResponse | undefined, body: FormattedBody | undefined): string {
	const segment = response === undefined ? '' : lastPathSegment(response.url);
	// Percent escapes are left as they are: the pattern only takes plain names.
	if (/^[\w.-]+\.\w+$/.test(segment)) {
		return segment;
	}

	const extensions = {json: 'json', text: 'txt', binary: 'bin', empty: 'txt'} as const;
	return `response.${extensions[body?.kind ?? 'empty']}`;
}

function useElapsed(inFlight: ResponsePaneProps['inFlight']): number {
	const startedAt = inFlight?.startedAt;
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		if (startedAt === undefined) {
			return;
		}

		setNow(Date.now());
		const timer = setInterval(() => {
			setNow(Date.now());
		}, 100);
		return () => {
			clearInterval(timer);
		};
	}, [startedAt]);
	return startedAt === undefined ? 0 : Math.max(0, now - startedAt);
}

/** Bodies above this show their first screens at once and are formatted whole a few milliseconds at a time, between keys. */
const formatInTurnsAbove = 512 * 1024;

/**
The formatted body: the one slow step, run once per response and never per key. A large
body shows a preview of its start at once and the whole when it is formatted; keys go on
working meanwhile.
*/
function useFormattedBody(response: HttpResponse | undefined): FormattedBody | undefined {
	const isLarge = response !== undefined && response.body.length > formatInTurnsAbove;
	const first = useMemo(() => {
		if (response === undefined) {
			return undefined;
		}

		const contentType = headerValue(response, 'content-type');
		return isLarge ? formatBodyPreview(response.body, contentType) : formatBody(response.body, contentType, {truncated: response.truncated});
	}, [response, isLarge]);
	const [large, setLarge] = useState<{response: HttpResponse; body: FormattedBody}>();
	useEffect(() => {
		if (response === undefined || !isLarge) {
			return;
		}

		const controller = new AbortController();
		void formatBodyInTurns(response.body, headerValue(response, 'content-type'), {truncated: response.truncated, signal: controller.signal}).then(body => {
			if (body !== undefined) {
				setLarge({response, body});
			}
		});
		return () => {
			controller.abort();
		};
	}, [response, isLarge]);
	return large !== undefined && large.response === response ? large.body : first;
}

export function ResponsePane({
	result,
	consoleEntries = noEntries,
	scriptErrors = noErrors,
	refusal,
	scriptTimes,
	inFlight,
	height,
	width,
	onMessage,
	onModeChange,
	keysRef,
}: ResponsePaneProps) {
	const colors = colorsEnabled();
	const response = result?.kind === 'response' ? result : undefined;
	const failure = result?.kind === 'failure' ? result : undefined;
	const body = useFormattedBody(response);
	const sending = inFlight !== undefined;
	// Why the last send failed, or was refused, in place of a body; sent again, the failure is over and says nothing of this send.
	const failed = useMemo(() => {
		if (sending) {
			return undefined;
		}

		if (failure !== undefined) {
			return failureDocument(failure.message, failureChecklist(failure), width);
		}

		// The status line cuts a long reason: the body tab shows it whole.
		return refusal === undefined ? undefined : failureDocument(refusal, [], width);
	}, [failure, refusal, sending, width]);
	const headers = useMemo(() => headersDocument(response?.headers ?? []), [response]);
	const consoleText = useMemo(() => consoleDocument(consoleEntries, scriptErrors), [consoleEntries, scriptErrors]);
	// A failure is the body tab's document, so it scrolls and is searched as a body is.
	const documents = useMemo(() => ({body: failed?.document ?? body?.document ?? emptyDocument, headers, console: consoleText}), [failed, body, headers, consoleText]);

	const [stored, setStored] = useState<PaneState | undefined>(undefined);
	// A message (a save error names a path) may take up to three rows rather than be cut.
	const footerRows = stored?.message === undefined ? 1 : Math.min(maxMessageRows, Math.ceil(columnWidth(stored.message.text) / width));
	const contentHeight = Math.max(1, height - headRows - footerRows);
	const noticeRows = failed === undefined && body?.notice !== undefined ? 1 : 0;
	const sizes: ViewSizes = useMemo(() => ({
		body: {height: Math.max(1, contentHeight - noticeRows), width},
		headers: {height: contentHeight, width},
		console: {height: contentHeight, width},
	}), [contentHeight, noticeRows, width]);

	const state = stored === undefined ? createPaneState(documents, sizes) : syncPane(stored, documents, sizes);
	if (state !== stored) {
		setStored(state);
	}

	const stateRef = useRef(state);
	stateRef.current = state;

	const {stdout} = useStdout();
	const showMessage = (message: PaneMessage, failedSavePath?: string): void => {
		const next = {...stateRef.current, message, failedSavePath};
		stateRef.current = next;
		setStored(next);
		onMessage?.(message.text, message.tone);
	};

	const fileName = useMemo(() => defaultSavePath(response, body), [response, body]);
	// A free name is looked for as the save prompt opens: one saved to a moment ago is taken.
	const context = useMemo(() => ({bodyBytes: response?.body.length, defaultSavePath: () => freeSavePath(fileName)}), [response, fileName]);

	const runEffect = (effect: PaneEffect): void => {
		if (response === undefined) {
			return;
		}

		if (effect.type === 'copy') {
			const clipboard = osc52(response.body);
			stdout.write(clipboard.sequence);
			showMessage({text: copiedMessage(clipboard, response.body.length), tone: 'info'});
			return;
		}

		void saveBody(effect.path, response.body, {fileName}).then(saved => {
			if (saved.ok) {
				showMessage({text: `Saved ${formatSize(response.body.length)} to ${saved.path}`, tone: 'info'});
			} else {
				// The next s offers the path as the message names it, to correct rather than retype: offered
				// as typed, a taken `response.json` looked like the default offered again.
				showMessage({text: saved.message, tone: 'error'}, saved.path);
			}
		});
	};

	if (keysRef !== undefined) {
		keysRef.current = press => {
			const before = stateRef.current;
			const {state: next, effect, left} = paneKey(before, press, context);
			if (next !== before) {
				stateRef.current = next;
				setStored(next);
			}

			if ((next.prompt === undefined) !== (before.prompt === undefined)) {
				onModeChange?.(next.prompt === undefined ? 'navigate' : 'edit');
			}

			if (effect !== undefined) {
				runEffect(effect);
			}

			return left;
		};
	}

	useEffect(() => () => {
		// Unmounted (the app is leaving): no key may reach a pane that is gone.
		if (keysRef !== undefined) {
			keysRef.current = undefined;
		}
	}, [keysRef]);

	const elapsed = useElapsed(inFlight);
	// Which tabs show their document (a failure is the body tab's): the others show a sentence (waiting, nothing yet) that has no lines to count.
	const shown: Readonly<Record<ScrollableTab, boolean>> = {body: body !== undefined || failed !== undefined, headers: response !== undefined, console: consoleText.text !== ''};

	return (
		<Box flexDirection="column" width={width} height={Math.max(height, headRows + 2)}>
			<StatusLine result={result} inFlight={inFlight} elapsed={elapsed} scriptFailed={scriptErrors.length > 0} refusal={refusal} colors={colors} />
			<TabRow active={state.tab} headerCount={response?.headers.length ?? 0} consoleEntries={consoleEntries} scriptErrors={scriptErrors.length} />
			<Box flexDirection="column" height={contentHeight}>
				{state.tab === 'body' && (failed === undefined
					? <BodyTab body={body} view={state.views.body} waiting={sending} scriptFailed={scriptErrors.length > 0} colors={colors} />
					: <FailureView failed={failed} view={state.views.body} colors={colors} />)}
				{state.tab === 'headers' && (shown.headers
					? <DocumentView view={state.views.headers} colors={colors} />
					: <Text dimColor>No response headers yet</Text>)}
				{state.tab === 'timing' && (result === undefined
					? <Text dimColor>No timings yet</Text>
					: <TimingView timings={result.timings} scriptTimes={scriptTimes} redirects={response?.redirects} dropped={response?.droppedOnRedirect} url={response?.url} width={width} colors={colors} />)}
				{state.tab === 'console' && (shown.console
					? <DocumentView view={state.views.console} colors={colors} />
					: <Text dimColor>No script output</Text>)}
			</Box>
			<Footer state={state} showsLines={state.tab !== 'timing' && shown[state.tab]} colors={colors} />
		</Box>
	);
}

type StatusLineProps = {result?: SendResult; inFlight: ResponsePaneProps['inFlight']; elapsed: number; scriptFailed: boolean; refusal?: string; colors: boolean};

function StatusLine({result, inFlight, elapsed, scriptFailed, refusal, colors}: StatusLineProps) {
	const scriptNote = scriptFailed ? '  script error: see console' : '';
	if (inFlight !== undefined) {
		const frame = spinnerFrames[Math.floor(elapsed / 100) % spinnerFrames.length];
		// Once the head has come: its status, and the body received so far.
		const status = inFlight.progress?.status;
		const arriving = status === undefined ? '' : `${status} · ${formatSize(inFlight.progress!.bytes)} received  `;
		return <Text wrap="truncate" color={colors ? 'yellow' : undefined}>{`${frame} Sending…  ${formatDuration(elapsed)}  ${arriving}(ctrl+c cancels)`}</Text>;
	}

	if (result === undefined) {
		// A pre-request script can fail, or the send be refused, before anything is sent.
		if (refusal !== undefined) {
			return <Text wrap="truncate" color={colors ? 'red' : undefined} bold>{`✗ ${oneLine(refusal)}`}</Text>;
		}

		return scriptFailed
			? <Text wrap="truncate" color={colors ? 'red' : undefined} bold>✗ Not sent: the script failed (see console)</Text>
			: <Text wrap="truncate" dimColor>No response yet: ctrl+r sends the request</Text>;
	}

	if (result.kind === 'failure') {
		return (
			<Text wrap="truncate" color={colors ? toneColors.failure : undefined} bold>
				{`✗ ${failureSummary(result)}`}
				{scriptNote}
			</Text>
		);
	}

	return (
		<Text wrap="truncate">
			<Text color={colors ? toneColors[statusTone(result.status)] : undefined} bold>{oneLine(statusLine(result))}</Text>
			{scriptNote !== '' && <Text color={colors ? 'red' : undefined}>{scriptNote}</Text>}
		</Text>
	);
}

type TabRowProps = {active: Tab; headerCount: number; consoleEntries: readonly ConsoleEntry[]; scriptErrors: number};

function TabRow({active, headerCount, consoleEntries, scriptErrors}: TabRowProps) {
	const hasErrors = scriptErrors > 0 || consoleEntries.some(entry => entry.level === 'error');
	const labels: Record<Tab, string> = {
		body: 'body',
		headers: headerCount > 0 ? `headers ${headerCount}` : 'headers',
		timing: 'timing',
		// The scripts' errors are shown in the console too, so they count.
		console: consoleEntries.length > 0 || hasErrors ? `console ${consoleEntries.length + scriptErrors}${hasErrors ? '!' : ''}` : 'console',
	};
	return (
		<Text wrap="truncate">
			{tabs.map(tab => (
				<Text key={tab} bold={tab === active} inverse={tab === active}>
					{tab === active ? `[${labels[tab]}]` : ` ${labels[tab]} `}
				</Text>
			))}
		</Text>
	);
}

type BodyTabProps = {
	body?: FormattedBody;
	view: ViewportState;
	waiting: boolean;
	/** A script of the last send failed: without a body, the pre-request one, and nothing was sent. */
	scriptFailed: boolean;
	colors: boolean;
};

/** From the body tab, the previous tab is the console: one key away. */
const consoleKey = keysFor('response.previousTab').at(-1);

function BodyTab({body, view, waiting, scriptFailed, colors}: BodyTabProps) {
	if (body === undefined) {
		if (scriptFailed && !waiting) {
			return <Text color={colors ? 'red' : undefined}>{`The pre-request script failed, so nothing was sent: its error is in the console tab (${consoleKey} goes there)`}</Text>;
		}

		return <Text dimColor>{waiting ? 'Waiting for the response…' : 'Send the request with ctrl+r: the response shows here'}</Text>;
	}

	return (
		<>
			{body.notice !== undefined && <Text wrap="truncate" color={colors ? 'yellow' : undefined}>{body.notice}</Text>}
			<DocumentView view={view} colors={colors} />
		</>
	);
}

/**
A failure's rows that fit the pane, from the body tab's viewport: the message in red, the
heading of the checks in bold. Its rows are wrapped beforehand, a row per Text: Ink misjudges
the height of text it wraps around a long word (a URL), and rows went missing or were drawn over.
*/
function FailureView({failed, view, colors}: {failed: FailureDocument; view: ViewportState; colors: boolean}) {
	const lineStyle = (line: number): LineStyle | undefined => {
		if (line < failed.messageLines) {
			return colors ? {color: 'red'} : undefined;
		}

		return line === failed.messageLines + 1 ? {bold: true} : undefined;
	};

	return <DocumentView view={view} colors={colors} lineStyle={lineStyle} />;
}

function searchStatus(view: ViewportState): string {
	const {search} = view;
	if (search === undefined) {
		return '';
	}

	const count = search.matches.offsets.length;
	if (count === 0) {
		return `  /${search.query}: no match`;
	}

	const total = `${count.toLocaleString('en-US')}${search.matches.capped ? '+' : ''}`;
	return `  /${search.query}: ${(search.current + 1).toLocaleString('en-US')} of ${total}${view.searchWrapped ? ' (wrapped around)' : ''}`;
}

/** `showsLines`: the tab shows its document, so its lines are counted. */
function Footer({state, showsLines, colors}: {state: PaneState; showsLines: boolean; colors: boolean}) {
	if (state.prompt !== undefined) {
		const label = state.prompt.kind === 'search' ? '/' : 'Save to: ';
		const hint = state.prompt.kind === 'search' ? 'enter searches, esc cancels' : 'enter saves, esc cancels';
		const {before, under, after} = splitAtCursor(state.prompt.buffer);
		return (
			<Text wrap="truncate">
				{label}
				{before}
				<Text inverse>{under || ' '}</Text>
				{after}
				<Text dimColor>{`  ${hint}`}</Text>
			</Text>
		);
	}

	if (state.message !== undefined) {
		return <Text color={colors ? (state.message.tone === 'error' ? 'red' : 'green') : undefined}>{state.message.text}</Text>;
	}

	if (state.tab === 'timing' || !showsLines) {
		return <Text> </Text>;
	}

	const view = state.views[state.tab];
	const rows = visibleRows(view);
	const total = view.document.lineStarts.length;
	const first = (rows[0]?.line ?? 0) + 1;
	const last = (rows.at(-1)?.line ?? 0) + 1;
	// 100% only when the last line is on screen.
	const percent = last >= total ? 100 : Math.floor((last / total) * 100);
	return (
		<Text wrap="truncate" dimColor>
			{`lines ${first.toLocaleString('en-US')}-${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${percent}%)`}
			{view.wrap ? '  wrap' : ''}
			{view.left > 0 ? `  col ${view.left + 1}` : ''}
			{searchStatus(view)}
		</Text>
	);
}
