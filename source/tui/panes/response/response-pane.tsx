/**
The response pane: status line, tabs (body, headers, timing, sent, history, cookies, console), the
visible slice of the current tab, and a footer for its prompt (search, save path, jq filter),
its last message and the scroll position. Everything it draws is in the app state (`response`) or derived from
what it shows (`shown-response.ts`); its keys are `response-keys.ts`.
*/
import {Box, Text} from 'ink';
import {formatDuration} from '../../../core/http/format-duration.js';
import {formatSize} from '../../../core/http/format-size.js';
import {statusLine} from '../../../core/http/status-line.js';
import type {SendResult} from '../../../core/http/types.js';
import type {ScriptTimes} from '../../../core/session/session.js';
import {oneLine} from '../../../core/visible-text.js';
import {useAppSelector, useCollections, useWorld} from '../../app-context.js';
import type {InFlight} from '../../app-state.js';
import {colorsEnabled} from '../../color-support.js';
import {useNow} from '../../use-now.js';
import {responsePromptBox, responsePromptLabel, type ResponsePromptKind} from '../../field/field-box.js';
import {FieldView} from '../../field/field-view.js';
import {keyLabel, keysFor} from '../../keymap.js';
import {layoutSourceOf} from '../../layout.js';
import {PaneFrame, type PaneProps} from '../pane-frame.js';
import {paneTitles, responseDetail} from '../pane-heading.js';
import type {ConsoleEntry} from './console-entry.js';
import {DocumentView, type LineStyle} from './document-view.js';
import type {FormattedBody} from './format-body.js';
import type {FailureDocument} from './pane-documents.js';
import {scrollableTab, tabs, type PaneState, type ScrollableTab, type Tab} from './pane-state.js';
import {CookiesTab} from './cookies-tab.js';
import {HistoryTab, type HistoryTabProps} from './history-tab.js';
import {headRows, responseInner} from './response-layout.js';
import {responseDocuments, shownResponse} from './shown-response.js';
import {failureSummary, statusTone, toneColors} from './status-line.js';
import {lineCount} from './text-document.js';
import {TimingView} from './timing-view.js';
import {visibleRows, type ViewportState} from './viewport.js';

const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function useElapsed(startedAt: number | undefined): number {
	const now = useNow(startedAt !== undefined);
	return startedAt === undefined ? 0 : Math.max(0, now - startedAt);
}

/** The response pane in its frame, for the selected request: the last outcome of this session, or a kept response, named in the frame. */
export function ResponseSlot(props: PaneProps) {
	const collections = useCollections();
	const world = useWorld();
	// Each slice is the same object until what it holds changes: typing in another pane draws none of this again.
	const shown = useAppSelector(state => shownResponse(state, world));
	const pane = useAppSelector(state => state.response);
	const inFlight = useAppSelector(state => (state.inFlight?.requestId === state.selection.requestId ? state.inFlight : undefined));
	const formattedBody = useAppSelector(state => state.formattedBody);
	const layoutSource = useAppSelector(layoutSourceOf);
	const keptShown = useAppSelector(state => state.keptShown);
	const selection = useAppSelector(state => state.selection);
	const filter = useAppSelector(state => (state.selection.requestId === undefined ? undefined : state.bodyFilters[state.selection.requestId]));
	const filtered = useAppSelector(state => state.filtered);
	const arriving = useAppSelector(state => (state.arriving?.requestId === state.selection.requestId ? state.arriving : undefined));
	const inner = responseInner(layoutSource);
	return (
		<PaneFrame {...props} title={paneTitles.response} detail={responseDetail(shown, collections, {selection, keptShown})}>
			{pane === undefined ? null : (
				<ResponsePane
					pane={pane}
					result={shown.result}
					consoleEntries={shown.consoleEntries}
					scriptTimes={shown.outcome?.scriptTimes}
					scriptErrors={shown.scriptErrors}
					refusal={shown.refusal}
					inFlight={inFlight}
					documents={responseDocuments(shown, formattedBody, inner.width, {sending: inFlight !== undefined, filter, filtered, arriving})}
					history={{requestId: selection.requestId, keptShown, lastKeptAs: shown.outcome?.keptAs, showsOutcome: shown.outcome !== undefined}}
					width={inner.width}
					height={inner.height}
				/>
			)}
		</PaneFrame>
	);
}

type ResponsePaneProps = {
	pane: PaneState;
	result?: SendResult;
	consoleEntries: readonly ConsoleEntry[];
	/** The scripts' own run time in each phase of the last send, for the timing tab. */
	scriptTimes?: ScriptTimes;
	scriptErrors: readonly string[];
	refusal?: string;
	inFlight?: InFlight;
	documents: {body?: FormattedBody; bodyFailed?: boolean; failed?: FailureDocument};
	history: HistoryTabProps['history'];
	width: number;
	height: number;
};

function ResponsePane({pane, result, consoleEntries, scriptTimes, scriptErrors, refusal, inFlight, documents, history, width, height}: ResponsePaneProps) {
	const colors = colorsEnabled();
	const response = result?.kind === 'response' ? result : undefined;
	const {body, bodyFailed, failed} = documents;
	const sending = inFlight !== undefined;
	const elapsed = useElapsed(inFlight?.startedAt);
	const contentHeight = Math.max(1, Math.min(pane.views.headers.height, height - headRows));
	// Which tabs show their document (a failure is the body tab's): the others show a sentence (waiting, nothing yet) that has no lines to count.
	const shows: Readonly<Record<ScrollableTab, boolean>> = {body: body !== undefined || failed !== undefined, headers: response !== undefined, sent: result?.sent !== undefined, console: consoleEntries.length > 0 || scriptErrors.length > 0};
	const tab = scrollableTab(pane.tab);

	return (
		<Box flexDirection="column" width={width} height={Math.max(height, headRows + 2)} flexShrink={0}>
			<StatusLine result={result} inFlight={inFlight} elapsed={elapsed} scriptFailed={scriptErrors.length > 0} refusal={refusal} colors={colors} />
			<TabRow active={pane.tab} headerCount={response?.headers.length ?? 0} consoleEntries={consoleEntries} scriptErrors={scriptErrors.length} />
			<Box flexDirection="column" height={contentHeight}>
				{pane.tab === 'body' && (failed === undefined
					? <BodyTab body={body} bodyFailed={bodyFailed === true} view={pane.views.body} waiting={sending} scriptFailed={scriptErrors.length > 0} colors={colors} />
					: <FailureView failed={failed} view={pane.views.body} colors={colors} />)}
				{pane.tab === 'headers' && (shows.headers
					? <DocumentView view={pane.views.headers} colors={colors} />
					: <Text dimColor>No response headers yet</Text>)}
				{pane.tab === 'sent' && (shows.sent
					? <DocumentView view={pane.views.sent} colors={colors} />
					: <Text dimColor>{result === undefined ? 'Nothing sent yet: ctrl+r sends the request' : 'The request as sent was not kept with this response (an older curlew kept it)'}</Text>)}
				{pane.tab === 'history' && <HistoryTab history={history} selected={pane.historyRow} height={contentHeight} colors={colors} />}
				{pane.tab === 'cookies' && <CookiesTab selected={pane.cookieRow} height={contentHeight} />}
				{pane.tab === 'timing' && (result === undefined
					? <Text dimColor>No timings yet</Text>
					: <TimingView timings={result.timings} scriptTimes={scriptTimes} redirects={response?.redirects} dropped={response?.droppedOnRedirect} url={response?.url} width={width} colors={colors} />)}
				{pane.tab === 'console' && (shows.console
					? <DocumentView view={pane.views.console} colors={colors} />
					: <Text dimColor>No script output</Text>)}
			</Box>
			<Footer pane={pane} showsLines={tab !== undefined && shows[tab]} colors={colors} />
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
		sent: 'sent',
		timing: 'timing',
		history: 'history',
		cookies: 'cookies',
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
	/** The body tab shows why its jq filter failed, in the body's place. */
	bodyFailed: boolean;
	view: ViewportState;
	waiting: boolean;
	/** A script of the last send failed: without a body, the pre-request one, and nothing was sent. */
	scriptFailed: boolean;
	colors: boolean;
};

/** From the body tab, the previous tab is the console: one key away. */
const consoleKey = keysFor('response.previousTab').at(-1);

const errorLine = (): LineStyle => ({color: 'red'});

function BodyTab({body, bodyFailed, view, waiting, scriptFailed, colors}: BodyTabProps) {
	if (body === undefined) {
		if (scriptFailed && !waiting) {
			return <Text color={colors ? 'red' : undefined}>{`The pre-request script failed, so nothing was sent: its error is in the console tab (${consoleKey} goes there)`}</Text>;
		}

		return <Text dimColor>{waiting ? 'Waiting for the response…' : 'Send the request with ctrl+r: the response shows here'}</Text>;
	}

	return (
		<>
			{body.notice !== undefined && <Text wrap="truncate" color={colors ? (bodyFailed ? 'red' : 'yellow') : undefined}>{body.notice}</Text>}
			<DocumentView view={view} colors={colors} lineStyle={bodyFailed && colors ? errorLine : undefined} />
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

const regexKey = keyLabel(keysFor('edit.regex')[0]!);

const promptHints: Readonly<Record<ResponsePromptKind, (regex: boolean) => string>> = {
	search: regex => `enter searches · ${regexKey}: ${regex ? 'text as typed' : 'regular expression'} · esc cancels`,
	save: () => 'enter saves, esc cancels',
	jq: () => 'enter filters (empty: the body) · ↑ ↓ filters used before · esc cancels',
};

function searchStatus(view: ViewportState): string {
	const {search} = view;
	if (search === undefined) {
		return '';
	}

	const count = search.matches.offsets.length;
	const query = search.regex ? `/${search.query}/ (regex)` : `/${search.query}`;
	if (count === 0) {
		return `  ${query}: no match`;
	}

	const total = `${count.toLocaleString('en-US')}${search.matches.capped ? '+' : ''}`;
	return `  ${query}: ${(search.current + 1).toLocaleString('en-US')} of ${total}${view.searchWrapped ? ' (wrapped around)' : ''}`;
}

/** `showsLines`: the tab shows its document, so its lines are counted. */
function Footer({pane: state, showsLines, colors}: {pane: PaneState; showsLines: boolean; colors: boolean}) {
	const mode = useAppSelector(current => current.mode);
	const layoutSource = useAppSelector(layoutSourceOf);
	if (mode.kind === 'prompt' && (mode.purpose.kind === 'search' || mode.purpose.kind === 'save' || mode.purpose.kind === 'jq')) {
		const {kind} = mode.purpose;
		const hint = mode.error ?? promptHints[kind](state.regex);
		return (
			<Box>
				<Text bold>{responsePromptLabel({response: state}, kind)}</Text>
				<FieldView fitToText field={mode.field} box={responsePromptBox({...layoutSource, response: state}, kind)}/>
				<Text dimColor={mode.error === undefined} color={mode.error !== undefined && colors ? 'red' : undefined} wrap="truncate">{`  ${hint}`}</Text>
			</Box>
		);
	}

	if (state.message !== undefined) {
		return <Text color={colors ? (state.message.tone === 'error' ? 'red' : 'green') : undefined}>{state.message.text}</Text>;
	}

	const tab = scrollableTab(state.tab);
	if (tab === undefined || !showsLines) {
		return <Text> </Text>;
	}

	const view = state.views[tab];
	const rows = visibleRows(view);
	const total = lineCount(view.document);
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
