/**
Renders the whole app on a fake terminal of a given size, with the real store in a
temporary CURLEW_CONFIG_DIR and a real session. Writes go through React's `act`, so a
frame read after a write shows its result; no sleeps.
*/
import {EventEmitter} from 'node:events';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {act} from 'react';
import {render, type Instance} from 'ink';
import {onTestFinished} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import type {ScreenSettings} from '../../../source/core/store/app-settings.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {createAppContainer, type AppContainer, type TuiServices} from '../../../source/tui/app-context.js';
import {App} from '../../../source/tui/app.js';
import type {DebouncedSaver} from '../../../source/tui/pipeline/debounced-saver.js';
import {createRunner, type Runner} from '../../../source/tui/pipeline/run-effects.js';
import {createWorld} from '../../../source/tui/pipeline/world.js';
import {initialState} from '../../../source/tui/start-tui.js';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

export class FakeStdout extends EventEmitter {
	isTTY = true;
	frames: string[] = [];
	constructor(public columns: number, public rows: number) {
		super();
	}

	write = (frame: string) => {
		this.frames.push(frame);
		return true;
	};

	resize(columns: number, rows: number): void {
		this.columns = columns;
		this.rows = rows;
		this.emit('resize');
	}
}

export class FakeStdin extends EventEmitter {
	isTTY = true;
	private pending: string[] = [];
	write(data: string): void {
		this.pending.push(data);
		this.emit('readable');
	}

	read = (): string | null => this.pending.shift() ?? null;
	setEncoding(): void {}
	setRawMode(): void {}
	resume(): void {}
	pause(): void {}
	ref(): void {}
	unref(): void {}
}

export type AppHarness = {
	store: Store;
	runner: Runner;
	/** Runs `action` inside React's act, so a frame read after it shows its result. */
	act: (action: () => void) => Promise<void>;
	session: Session;
	container: AppContainer;
	saver: DebouncedSaver;
	stdout: FakeStdout;
	configDir: string;
	quits: number;
	/** The last frame drawn, without colours. */
	frame: () => string;
	/** One stdin chunk, as SSH delivers it. */
	write: (chunk: string) => Promise<void>;
	/** Waits for a promise the app started (a send), inside act. */
	settle: (until: () => boolean) => Promise<void>;
	resize: (columns: number, rows: number) => Promise<void>;
	/** Unmounts the app, closes its store and session and removes its folder; again, it does nothing. */
	cleanup: () => Promise<void>;
};

export type HarnessOptions = {
	columns?: number;
	rows?: number;
	seed?: boolean;
	env?: Record<string, string | undefined>;
	prepare?: (store: Store) => void;
	services?: Partial<TuiServices>;
	/** The config folder of another harness, as a second window (or a restart) would open it. Default: a new one. */
	configDir?: string;
	/** The panes' arrangement and the pane and tabs shown, as curlew was last left with them. */
	screen?: ScreenSettings;
};

export async function renderApp(options: HarnessOptions = {}): Promise<AppHarness> {
	const configDir = options.configDir ?? mkdtempSync(path.join(tmpdir(), 'curlew-tui-'));
	const store = openStore({configDir, seed: options.seed ?? false});
	options.prepare?.(store);
	if (options.screen !== undefined) {
		const {screen} = options;
		store.updateSettings(settings => ({...settings, screen}));
	}

	const session = new Session(store);
	const {selection, environments, restored} = initialState(store);
	const stdout = new FakeStdout(options.columns ?? 100, options.rows ?? 30);
	const container = createAppContainer(selection, environments, {columns: stdout.columns, rows: stdout.rows}, restored);
	const stdin = new FakeStdin();
	let cleanedUp = false;
	const harness: AppHarness = {
		store,
		session,
		container,
		runner: undefined as unknown as Runner,
		async act(action) {
			await act(async () => {
				action();
			});
		},
		saver: undefined as unknown as DebouncedSaver,
		stdout,
		configDir,
		quits: 0,
		frame: () => stripVTControlCharacters(stdout.frames.at(-1) ?? ''),
		async write(chunk) {
			await act(async () => {
				stdin.write(chunk);
				await new Promise(resolve => {
					setImmediate(resolve);
				});
			});
		},
		async settle(until) {
			for (let turn = 0; turn < 1000 && !until(); turn++) {
				await act(async () => {
					await new Promise(resolve => {
						setTimeout(resolve, 5);
					});
				});
			}

			if (!until()) {
				throw new Error('The app did not reach the awaited state');
			}
		},
		async resize(columns, rows) {
			await act(async () => {
				stdout.resize(columns, rows);
			});
		},
		async cleanup() {
			if (cleanedUp) {
				return;
			}

			cleanedUp = true;
			await act(async () => {
				instance.unmount();
			});
			saver.flush();
			store.close();
			await session.close();
			// Another harness's folder (a second window, a restart) is that harness's to remove.
			if (options.configDir === undefined) {
				rmSync(configDir, {recursive: true, force: true});
			}
		},
	};
	const services: TuiServices = {store, session, env: options.env ?? {}, ...options.services};
	const runner = createRunner({container, services, world: createWorld(container, services), terminal: stdout, quit: () => harness.quits++});
	const {saver} = runner;
	harness.saver = saver;
	harness.runner = runner;
	let instance!: Instance;
	await act(async () => {
		instance = render(<App services={services} container={container} runner={runner}/>, {
			stdout: stdout as unknown as NodeJS.WriteStream,
			stdin: stdin as unknown as NodeJS.ReadStream,
			debug: true,
			exitOnCtrlC: false,
			patchConsole: false,
		});
	});
	cleanUpWhenTheTestEnds(harness);
	return harness;
}

/** A harness made in a test (or a beforeEach) is cleaned up when that test ends, unless the test did it first (a restart); one made in a beforeAll is its maker's to clean up. */
function cleanUpWhenTheTestEnds(harness: AppHarness): void {
	try {
		onTestFinished(async () => harness.cleanup());
	} catch (error) {
		if (!/can only be called inside a test/.test((error as Error).message)) {
			throw error;
		}
	}
}
