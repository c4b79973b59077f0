/**
The app: four panes sized from the terminal, the status bar, the help and messages overlays,
and the one input handler, which reads every key and turns keys into commands through the keymap.

While a text field, a prompt or an overlay has the keyboard, the keyboard hands it the keys
(see `keyboard.ts`); it hands back send and cancel. Otherwise the focused response pane
is handed each key first, and the handler acts on the keys it leaves.
*/
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {Box, Text, useApp, useStdout} from 'ink';
import {placeholderList} from '../core/problem-list.js';
import {maskResult, maskSecrets} from '../core/secrets.js';
import type {SendOutcome} from '../core/session/session.js';
import {AppProvider, createAppContainer, createSaver, useAppState, type AppActions, type AppContainer, type TuiServices, type TuiState} from './app-context.js';
import type {InFlight} from './app-state.js';
import {HelpOverlay} from './components/help-overlay.js';
import {MessagesOverlay} from './components/messages-overlay.js';
import {createKeyboard, KeyboardProvider} from './keyboard.js';
import {escapeThenKey, useKeyPresses, type KeyPress} from './keys.js';
import {matchCommand, type Command, type Mode as KeymapMode, type Pane} from './keymap.js';
import {computeLayout, innerSize, minimumColumns, minimumRows, type Layout} from './layout.js';
import type {ResponseKeysRef} from './response/response-pane.js';
import {handleResponseCommand, ResponseSlot} from './response/response-slot.js';
import {CollectionsPane, handleCollectionsCommand} from './panes/collections-pane.js';
import {collectionsNow, say, selectedNow, stateOf, type CommandContext} from './panes/command-context.js';
import type {DebouncedSaver} from './panes/debounced-saver.js';
import {answerConfirm, pickKind} from './panes/modal-actions.js';
import {handleRequestCommand, RequestPane} from './panes/request-pane.js';
import {StatusBar} from './panes/status-bar.js';
import {handleVariablesCommand, VariablesPane} from './panes/variables-pane.js';

export type AppProps = {
	services: TuiServices;
	/** The state container; made here when not given (tests pass one to look inside). */
	container?: AppContainer;
	/** The saver of typed text; the caller flushes it on the way out. */
	saver?: DebouncedSaver;
	/** Called when the user quits (q, or ctrl+c with nothing in flight). Default: Ink's exit. */
	onQuit?: () => void;
};

export function App({services, container: given, saver: givenSaver, onQuit}: AppProps) {
	const container = useMemo(() => given ?? createAppContainer(), [given]);
	const saver = useMemo(() => givenSaver ?? createSaver(container), [givenSaver, container]);
	const runCommandRef = useRef<(command: Command) => void>(() => undefined);
	const actions: AppActions = useMemo(() => ({
		saver,
		runCommand: command => runCommandRef.current(command),
	}), [saver]);
	return (
		<AppProvider container={container} services={services} actions={actions}>
			<Screen container={container} services={services} saver={saver} runCommandRef={runCommandRef} onQuit={onQuit}/>
		</AppProvider>
	);
}

/** The terminal's size, followed as it is resized. */
export function useTerminalSize(): {columns: number; rows: number} {
	const {stdout} = useStdout();
	const read = useCallback(() => ({columns: stdout.columns || 80, rows: stdout.rows || 24}), [stdout]);
	const [size, setSize] = useState(read);
	useEffect(() => {
		const update = () => {
			setSize(read());
		};

		stdout.on('resize', update);
		return () => {
			stdout.off('resize', update);
		};
	}, [stdout, read]);
	return size;
}

type ScreenProps = {
	container: AppContainer;
	services: TuiServices;
	saver: DebouncedSaver;
	runCommandRef: {current: (command: Command) => void};
	onQuit?: () => void;
};

function Screen({container, services, saver, runCommandRef, onQuit}: ScreenProps) {
	const state = useAppState();
	const {exit} = useApp();
	const {columns, rows} = useTerminalSize();
	const tooSmall = columns < minimumColumns || rows < minimumRows;
	const layout = computeLayout(columns, rows);
	// The layout the panes are drawn at: the last that fitted while the terminal is too small.
	const lastFitting = useRef(tooSmall ? computeLayout(Math.max(columns, minimumColumns), Math.max(rows, minimumRows)) : layout);
	if (!tooSmall) {
		lastFitting.current = layout;
	}

	const drawn = lastFitting.current;
	// While the response pane's prompt is open, the status bar shows the keys of a field.
	const [responseMode, setResponseMode] = useState<KeymapMode>('navigate');
	const responseKeys: ResponseKeysRef = useRef(undefined);
	const sending = useRef(false);

	const pageRows = Math.max(1, innerSize(drawn.panes[state.focus]).height - 2);
	const context: CommandContext = {container, services, saver, pageRows};
	const contextRef = useRef(context);
	contextRef.current = context;

	const quit = useCallback(() => {
		saver.flush();
		if (onQuit === undefined) {
			exit();
		} else {
			onQuit();
		}
	}, [saver, onQuit, exit]);

	const runCommand = (command: Command) => {
		const current = contextRef.current;
		switch (command) {
			case 'app.send': {
				void sendSelected(current, sending);
				return;
			}

			case 'app.cancel': {
				const {inFlight} = stateOf(current);
				if (inFlight === undefined) {
					quit();
				} else {
					inFlight.controller.abort();
					say(current, 'Cancelled', 'warning');
				}

				return;
			}

			case 'app.quit': {
				quit();
				return;
			}

			case 'app.suspend': {
				services.terminal?.stopForShell?.();
				return;
			}

			case 'app.help': {
				container.dispatch({type: 'setMode', mode: {kind: 'help'}});
				return;
			}

			case 'app.messages': {
				container.dispatch({type: 'setMode', mode: {kind: 'messages'}});
				return;
			}

			case 'focus.next': {
				container.dispatch({type: 'focusNext'});
				return;
			}

			case 'focus.previous': {
				container.dispatch({type: 'focusPrevious'});
				return;
			}

			default: {
				const pane = focusTargets[command];
				if (pane === undefined) {
					paneCommand(command, current);
				} else {
					container.dispatch({type: 'focus', pane});
				}
			}
		}
	};

	runCommandRef.current = runCommand;

	const handleKey = (press: KeyPress): void => {
		const current = contextRef.current;
		const {mode, focus} = container.getState();
		// Esc and a key typed fast read as alt+ that key. No alt+ key is bound outside a field, so here they are
		// Esc, then the key: a question or a picker takes the Esc, and the key is for what comes next.
		const keys = escapeThenKey(press);
		if (keys !== undefined) {
			handleKey(keys[0]);
			handleKey(keys[1]);
			return;
		}

		// A question or a picker waits while send and cancel (or quit) work, as they do from every pane and field.
		const global = matchCommand(press.name, focus, 'edit');
		if ((mode.kind === 'confirm' || mode.kind === 'pick-kind') && (global === 'app.send' || global === 'app.cancel')) {
			runCommand(global);
			return;
		}

		if (mode.kind === 'confirm') {
			answerConfirm(current, mode.action, press);
			return;
		}

		if (mode.kind === 'pick-kind') {
			pickKind(current, press);
			return;
		}

		container.dispatch({type: 'dismissMessage'});
		const command = matchCommand(press.name, focus, 'navigate');
		if (command !== undefined) {
			runCommand(command);
		}
	};

	// A key no field takes: the focused response pane takes its own first, its prompt's typing and pastes included.
	const handleUnowned = (press: KeyPress) => {
		// Below the minimum size nothing is drawn to act on: only quitting works.
		if (tooSmall) {
			const command = press.pasted === true ? undefined : matchCommand(press.name, 'collections', 'navigate');
			if (command === 'app.quit' || command === 'app.cancel') {
				runCommand(command);
			}

			return;
		}

		const left = container.getState().focus === 'response' && responseKeys.current !== undefined ? responseKeys.current(press) : press;
		// A paste with no field open to take it is text with nowhere to go: a `q` in it must not quit.
		if (left !== undefined && left.pasted !== true) {
			handleKey(left);
		}
	};

	// Ink writes its last frame whole again around what is written through it: here, nothing.
	const {write} = useStdout();
	useEffect(() => services.terminal?.setRedraw?.(() => {
		write('');
	}), [services.terminal, write]);

	const handleUnownedRef = useRef(handleUnowned);
	handleUnownedRef.current = handleUnowned;
	const keyboard = useMemo(() => createKeyboard({
		ownerNow: () => ownerOf(container.getState()),
		unowned: press => {
			handleUnownedRef.current(press);
		},
	}), [container]);

	/*
	One handler for the app's life: raw mode never drops (and a held-back Esc is never lost) as
	fields open and close. A field open while the terminal is too small still takes what is
	typed, hidden: a tmux split that narrows the pane for a moment loses none of it.
	*/
	useKeyPresses(keyboard.press);

	const runGlobal = useCallback((command: Command) => {
		runCommandRef.current(command);
	}, [runCommandRef]);

	const closeOverlay = useCallback(() => {
		container.dispatch({type: 'leaveMode'});
	}, [container]);

	const onResponseMessage = useCallback((text: string, tone: 'info' | 'error') => {
		container.dispatch({type: 'message', text, tone});
	}, [container]);

	// While a field is open q is text, so only ctrl+c quits, and what is typed goes on into the field.
	const fieldOpen = ownerOf(state) !== undefined;
	const overlaid = state.mode.kind === 'help' || state.mode.kind === 'messages';
	const overlayHeight = drawn.height - drawn.statusBar.height;
	/*
	Below the minimum size everything stays mounted, hidden at the last size it was drawn at,
	and only an open field takes keys: back at a size that fits, the panes are as they were
	(the response's tab, wrap and scroll, a field's text, cursor and undo).
	*/
	return (
		<>
			{tooSmall && <Text wrap="wrap">curlew needs {minimumColumns}x{minimumRows}; this terminal is {columns}x{rows}. Enlarge it, or {fieldOpen ? 'ctrl+c' : 'q'}{'\u00A0'}to{'\u00A0'}quit.{fieldOpen ? ' Typing goes on into the open field.' : ''}</Text>}
			<KeyboardProvider value={keyboard}>
				<Box display={tooSmall ? 'none' : 'flex'} flexDirection="column" width={drawn.width} height={drawn.height}>
					{state.mode.kind === 'help' && <HelpOverlay key={state.modeSerial} pane={state.focus} width={drawn.width} height={overlayHeight} onClose={closeOverlay} onCommand={runGlobal}/>}
					{state.mode.kind === 'messages' && <MessagesOverlay key={state.modeSerial} messages={state.messages} pane={state.focus} width={drawn.width} height={overlayHeight} onClose={closeOverlay} onCommand={runGlobal}/>}
					{/* Hidden, not unmounted, under an overlay: the panes keep their place (the response's scroll, tab, search). */}
					<Panes layout={drawn} focus={overlaid ? undefined : state.focus} onResponseMessage={onResponseMessage} onResponseMode={setResponseMode} responseKeys={responseKeys}/>
					<StatusBar width={drawn.width} pageRows={pageRows} responseMode={responseMode}/>
				</Box>
			</KeyboardProvider>
		</>
	);
}

/** Who has the keyboard when the app does not: a field, a prompt or an overlay, each opening its own. */
function ownerOf({mode, modeSerial}: Pick<TuiState, 'mode' | 'modeSerial'>): string | undefined {
	return mode.kind === 'editing' || mode.kind === 'prompt' || mode.kind === 'help' || mode.kind === 'messages' ? `${mode.kind}:${modeSerial}` : undefined;
}

const focusTargets: Partial<Record<Command, Pane>> = {
	'focus.collections': 'collections',
	'focus.request': 'request',
	'focus.variables': 'variables',
	'focus.response': 'response',
};

function paneCommand(command: Command, context: CommandContext): void {
	const {focus} = stateOf(context);
	switch (focus) {
		case 'collections': {
			handleCollectionsCommand(command, context);
			return;
		}

		case 'request': {
			handleRequestCommand(command, context);
			return;
		}

		case 'variables': {
			handleVariablesCommand(command, context);
			return;
		}

		case 'response': {
			// The pane takes its own commands before the app sees them: these are the ones it leaves.
			handleResponseCommand(command, context);
		}
	}
}

type PanesProps = {
	layout: Layout;
	/** The focused pane; none while an overlay hides them all. */
	focus: Pane | undefined;
	onResponseMessage: (text: string, tone: 'info' | 'error') => void;
	onResponseMode: (mode: KeymapMode) => void;
	responseKeys: ResponseKeysRef;
};

function Panes({layout, focus, onResponseMessage, onResponseMode, responseKeys}: PanesProps) {
	const {panes} = layout;
	return (
		<Box display={focus === undefined ? 'none' : 'flex'} flexDirection="row" width={layout.width} height={layout.height - layout.statusBar.height}>
			<Box flexDirection="column" width={panes.collections.width} flexShrink={0}>
				<CollectionsPane width={panes.collections.width} height={panes.collections.height} focused={focus === 'collections'}/>
				<VariablesPane width={panes.variables.width} height={panes.variables.height} focused={focus === 'variables'}/>
			</Box>
			<Box flexDirection="column" width={panes.request.width}>
				<RequestPane width={panes.request.width} height={panes.request.height} focused={focus === 'request'}/>
				<ResponseSlot width={panes.response.width} height={panes.response.height} focused={focus === 'response'} onMessage={onResponseMessage} onModeChange={onResponseMode} keys={responseKeys}/>
			</Box>
		</Box>
	);
}

/**
Sends the selected request. Unresolved placeholders are warned of first, and a second
ctrl+r sends anyway (with a pre-request script, which may set them, they are reported with
the result instead); a strict collection refuses, and the outcome says why.
*/
async function sendSelected(context: CommandContext, sending: {current: boolean}): Promise<void> {
	const {container, services, saver} = context;
	// A new send supersedes what the last one said (sent from inside a field, no key of the app's cleared it).
	container.dispatch({type: 'dismissMessage'});
	if (sending.current || stateOf(context).inFlight !== undefined) {
		say(context, 'A request is already in flight: ctrl+c cancels it', 'warning');
		return;
	}

	// Text still being typed is saved first; the revision moves only then, so a warning stands until an edit.
	if (saver.pending) {
		saver.flush();
		container.dispatch({type: 'stored'});
	}

	const {collection, request} = selectedNow(context);
	if (collection === undefined || request === undefined) {
		say(context, collectionsNow(context).length === 0 ? 'Nothing to send: create a collection (N) and a request (n) first' : 'Select a request to send', 'warning');
		return;
	}

	const state = stateOf(context);
	const environment = state.environments[collection.id];
	sending.current = true;
	try {
		// A pre-request script may set what the preview lacks: then the problems come with the result.
		const scripted = collection.scripts.preRequest.trim() !== '' || request.scripts.preRequest.trim() !== '';
		const warned = state.sendWarning?.requestId === request.id && state.sendWarning.revision === state.revision;
		if (!collection.settings.strict && !scripted && !warned) {
			const preview = await services.session.preview(collection, request, {environment, env: services.env});
			if (preview.problems.length > 0) {
				const count = preview.problems.length;
				container.dispatch({type: 'sendWarned', warning: {requestId: request.id, count, revision: state.revision}});
				say(context, `${count.toLocaleString('en-US')} placeholder${count === 1 ? '' : 's'} unresolved: ${placeholderList(preview.problems)}. ctrl+r again sends anyway`, 'warning');
				return;
			}
		}

		const controller = new AbortController();
		const progress: InFlight['progress'] = {bytes: 0};
		container.dispatch({type: 'sendStarted', inFlight: {collectionId: collection.id, requestId: request.id, startedAt: Date.now(), controller, progress}});
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
		container.dispatch({type: 'sendFinished', requestId: request.id, outcome: shown});
		reportOutcome(context, shown);
	} finally {
		sending.current = false;
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

/** Says how a send ended; a failure or a refusal names its request, which may no longer be the one shown. */
function reportOutcome(context: CommandContext, outcome: SendOutcome): void {
	if (outcome.refusal !== undefined) {
		say(context, `${outcome.request.name}: ${outcome.refusal}`, 'error');
	} else if (outcome.scriptErrors.length > 0) {
		const more = outcome.scriptErrors.length - 1;
		say(context, `${outcome.scriptErrors[0]!.message}${more === 0 ? '' : ` (and ${more} more: see the console)`}`, 'error');
	} else if (outcome.result?.kind === 'failure') {
		say(context, `${outcome.request.name}: ${outcome.result.message}`, 'error');
	} else if (outcome.notKept !== undefined) {
		say(context, `${outcome.request.name}: ${outcome.notKept}`, 'warning');
	} else if (outcome.problems.length > 0) {
		say(context, `Sent with ${outcome.problems.length.toLocaleString('en-US')} unresolved placeholder${outcome.problems.length === 1 ? '' : 's'}: ${placeholderList(outcome.problems)}`, 'warning');
	}
}
