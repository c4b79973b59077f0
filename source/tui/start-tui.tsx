/**
The entry the CLI calls: checks the terminal, enters the alternate screen, renders the
app, and restores the terminal however the process ends.
*/
import {render} from 'ink';
import type {Session} from '../core/session/session.js';
import {App} from './app.js';
import {createAppContainer, type TuiServices} from './app-context.js';
import {createDebouncedSaver} from './panes/debounced-saver.js';
import {clearScreen, enterAlternateScreen, enterFullscreen, guardTerminal, restoreScreen, writeNow} from './terminal.js';
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
};

/**
Why the terminal UI cannot run here, or undefined when it can. The CLI prints this and
exits instead of calling `startTui`.
*/
export function tuiUnavailableReason(stdin: {isTTY?: boolean} = process.stdin, stdout: {isTTY?: boolean} = process.stdout): string | undefined {
	if (stdin.isTTY && stdout.isTTY) {
		return undefined;
	}

	const which = !stdin.isTTY && !stdout.isTTY ? 'stdin and stdout are not a terminal' : !stdin.isTTY ? 'stdin is not a terminal' : 'stdout is not a terminal';
	return `curlew: the terminal UI needs an interactive terminal, but ${which}. To send requests from a script or a pipe, use: curlew run <collection> [request...] (see curlew --help)`;
}

/** Resolves when the user quits. */
export async function startTui(options: StartTuiOptions): Promise<void> {
	const stdin = options.stdin ?? process.stdin;
	const stdout = options.stdout ?? process.stdout;
	const saver = createDebouncedSaver(300);
	const container = createAppContainer(initialSelection(options));
	const guard = guardTerminal({output: stdout, input: stdin, flush: () => saver.flush(), errors: options.stderr});
	const terminal = {
		suspend() {
			instance.clear();
			restoreScreen(stdout, stdin);
		},
		resume() {
			writeNow(stdout, enterAlternateScreen + clearScreen);
			if (stdin.isTTY) {
				stdin.setRawMode(true);
			}
		},
	};
	const services: TuiServices = {store: options.store, session: options.session, env: options.env, terminal};
	enterFullscreen(stdout);
	const instance = render(<App services={services} container={container} saver={saver}/>, {
		stdin,
		stdout,
		stderr: options.stderr,
		exitOnCtrlC: false,
		patchConsole: true,
	});
	try {
		await instance.waitUntilExit();
	} finally {
		guard.restore();
		guard.dispose();
		await options.session.close();
	}
}

function initialSelection({store, initial}: StartTuiOptions): {collectionId?: string; requestId?: string} {
	const collections = store.collections();
	const wanted = initial?.collection?.toLowerCase();
	const collection = wanted === undefined
		? collections[0]
		: collections.find(candidate => candidate.id === initial?.collection || candidate.name.toLowerCase() === wanted);
	if (collection === undefined) {
		return {};
	}

	const requestWanted = initial?.request?.toLowerCase();
	const request = requestWanted === undefined
		? collection.requests[0]
		: collection.requests.find(candidate => candidate.id === initial?.request || candidate.name.toLowerCase() === requestWanted);
	return {collectionId: collection.id, requestId: request?.id};
}
