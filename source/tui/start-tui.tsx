/**
The entry the CLI calls: checks the terminal, enters the alternate screen, renders the
app, and restores the terminal however the process ends.
*/
import {render} from 'ink';
import type {Session} from '../core/session/session.js';
import {findRequest} from '../core/store/find.js';
import type {RestoredView, Selection} from './app-state.js';
import {App} from './app.js';
import {createAppContainer, type TerminalHandover, type TuiServices} from './app-context.js';
import {errorText} from './pipeline/error-text.js';
import {createRunner} from './pipeline/run-effects.js';
import {createWorld} from './pipeline/world.js';
import {restoredView} from './remembered-view.js';
import {enterFullscreen, guardTerminal, restoreScreen} from './terminal.js';
import type {Store} from '../core/store/store.js';

export type StartTuiOptions = {
	store: Store;
	session: Session;
	/** The collection and request to select at start, by id or name. */
	initial?: {collection?: string; request?: string};
	stdin?: NodeJS.ReadStream;
	stdout?: NodeJS.WriteStream;
	stderr?: NodeJS.WriteStream;
	env?: Readonly<Record<string, string | undefined>>;
	/** Shown as the first message: what the store found at start-up (a damaged file kept aside). */
	notices?: readonly string[];
	/** Called once the first frame is drawn (the CLI writes its start-up cache then). */
	onFirstFrame?: () => void;
};

export {tuiUnavailableReason} from './tui-unavailable.js';

/** Resolves when the user quits. */
export async function startTui(options: StartTuiOptions): Promise<void> {
	const stdin = options.stdin ?? process.stdin;
	const stdout = options.stdout ?? process.stdout;
	const {selection, environments, restored, problem} = initialState(options.store, options.initial);
	const container = createAppContainer(selection, environments, {columns: stdout.columns || 80, rows: stdout.rows || 24}, restored);
	const notices = [...options.notices ?? [], ...(problem === undefined ? [] : [problem])];
	if (notices.length > 0) {
		container.dispatch({type: 'message', text: notices.join(' · '), tone: 'warning'});
	}

	// Another curlew window's edits show here as they are saved; so does what the store has to say meanwhile (a file damaged by hand, kept aside).
	let noticesShown = options.store.notices.length;
	const stopWatching = options.store.onChange(() => {
		const fresh = options.store.notices.slice(noticesShown);
		noticesShown += fresh.length;
		if (fresh.length > 0) {
			container.dispatch({type: 'message', text: fresh.join(' · '), tone: 'warning'});
		}
	});
	/*
	ctrl+z: raw mode makes the terminal's suspend key a plain key, so curlew stops itself as the
	tty would have (and the tty's own SIGTSTP, sent before raw mode is on, comes here too). With
	no listener the signal takes its default action: the stop happens inside `kill`, and `fg`
	continues it there; where no shell could bring it back (no job control), `kill` returns at
	once. Either way the screen is taken back and drawn whole.
	*/
	const stopForShell = () => {
		process.off('SIGTSTP', stopForShell);
		runner.saveAll();
		terminal.suspend();
		try {
			process.kill(process.pid, 'SIGTSTP');
		} finally {
			process.on('SIGTSTP', stopForShell);
			terminal.resume();
			redraw();
		}
	};

	let redraw: () => void = () => undefined;

	process.on('SIGTSTP', stopForShell);
	const guard = guardTerminal({output: stdout, input: stdin, flush: () => runner.saveAll(), errors: options.stderr});
	const terminal: TerminalHandover = {
		suspend() {
			instance.clear();
			restoreScreen(stdout, stdin);
		},
		resume() {
			enterFullscreen(stdout);
			if (stdin.isTTY) {
				stdin.setRawMode(true);
			}
		},
		stopForShell,
		setRedraw(given) {
			redraw = given;
			return () => {
				redraw = () => undefined;
			};
		},
	};
	const services: TuiServices = {store: options.store, session: options.session, env: options.env, terminal};
	const runner = createRunner({container, services, world: createWorld(container, services), terminal: stdout, quit: () => {
		instance.unmount();
	}});
	const saver = runner.saver;
	enterFullscreen(stdout);
	const instance = render(<App services={services} container={container} runner={runner}/>, {
		stdin,
		stdout,
		stderr: options.stderr,
		exitOnCtrlC: false,
		// A stray console.log would tear the frame; only the real terminal has a console to patch.
		patchConsole: stdout === process.stdout,
	});
	// The first frame is out: load what the first send needs while the user reads it.
	const loadHttp = setTimeout(() => {
		options.onFirstFrame?.();
		options.session.loadHttp().catch(() => undefined);
	}, 0);
	try {
		await instance.waitUntilExit();
	} finally {
		clearTimeout(loadHttp);
		process.off('SIGTSTP', stopForShell);
		stopWatching();
		guard.restore();
		guard.dispose();
		await options.session.close();
		// A notice is long (where a damaged file was kept, how to put it back) for the status bar: whole, where it stays.
		for (const notice of options.store.notices) {
			(options.stderr ?? process.stderr).write(`curlew: ${notice}\n`);
		}

		// Left after the last try on the way out (q twice, a signal): said where it stays.
		for (const reason of saver.unsaved) {
			(options.stderr ?? process.stderr).write(`curlew: an edit was not saved: ${errorText(reason)}\n`);
		}
	}
}

export type InitialState = {
	selection: Selection;
	/** The environment chosen in each collection when curlew last ran, when it still exists. */
	environments: Record<string, string>;
	/** The pane, tabs and arrangement of the panes when curlew was last left. */
	restored: RestoredView;
	/** Why the collection or request asked for is not selected. */
	problem?: string;
};

/**
What the app starts on: the collection and request asked for, else those selected when curlew
was last left, else the first; the environments chosen, the pane, tabs and arrangement of last time.
*/
export function initialState(store: Store, initial: StartTuiOptions['initial'] = {}): InitialState {
	const environments = savedEnvironments(store);
	const restored = restoredView(store.settings());
	if (initial.collection === undefined) {
		const last = lastSelection(store);
		if (last !== undefined) {
			return {selection: last, environments, restored};
		}
	}

	const collection = initial.collection === undefined ? store.collections()[0] : store.findCollection(initial.collection);
	if (collection === undefined) {
		return {selection: {}, environments, restored, problem: initial.collection === undefined ? undefined : `No collection "${initial.collection}": pick one in the collections pane`};
	}

	const request = initial.request === undefined ? collection.requests[0] : findRequest(collection, initial.request);
	const problem = request === undefined && initial.request !== undefined ? `No request "${initial.request}" in "${collection.name}"` : undefined;
	return {selection: {collectionId: collection.id, requestId: request?.id}, environments, restored, problem};
}

/** The request (or the collection alone) selected when curlew was last left, while it is still there. */
function lastSelection(store: Store): Selection | undefined {
	const {lastCollectionId, lastRequestId} = store.settings();
	const collections = store.collections();
	const holder = lastRequestId === undefined ? undefined : collections.find(collection => collection.requests.some(request => request.id === lastRequestId));
	if (holder !== undefined) {
		return {collectionId: holder.id, requestId: lastRequestId};
	}

	const collection = collections.find(candidate => candidate.id === lastCollectionId);
	if (collection === undefined) {
		return undefined;
	}

	// The request was deleted meanwhile: its collection's first takes its place.
	return {collectionId: collection.id, requestId: lastRequestId === undefined ? undefined : collection.requests[0]?.id};
}

function savedEnvironments(store: Store): Record<string, string> {
	const {selectedEnvironments} = store.settings();
	return Object.fromEntries(store.collections()
		.filter(collection => collection.environments.some(environment => environment.id === selectedEnvironments[collection.id]))
		.map(collection => [collection.id, selectedEnvironments[collection.id]!]));
}
