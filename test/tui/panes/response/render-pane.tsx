/**
The response pane as the user meets it: the whole app, at a terminal size that gives the
pane the cells asked for, with the pane focused and a request whose last outcome is the one
given. Keys go through the app's one key pipeline; `frame()` is what the pane draws inside
its border, under its title.
*/
import type {SendResult} from '../../../../source/core/http/types.js';
import type {SendOutcome} from '../../../../source/core/session/session.js';
import {computeLayout, fullSize} from '../../../../source/tui/layout.js';
import type {ConsoleEntry} from '../../../../source/tui/panes/response/console-entry.js';
import {renderApp, type AppHarness} from '../render-app.js';
import {cellSlice} from './cell-slice.js';

export type PaneProps = {
	/** The last send's outcome; undefined before the first send. */
	result?: SendResult;
	consoleEntries?: ConsoleEntry[];
	/** Why scripts failed, each with its line number, in the order they ran. */
	scriptErrors?: string[];
	/** Why the last send was refused before it went out. */
	refusal?: string;
	/** The scripts' own run time in each phase of the last send. */
	scriptTimes?: SendOutcome['scriptTimes'];
	/** A request in flight, started at this time (epoch ms). */
	inFlight?: {startedAt: number; progress?: {status?: number; bytes: number}};
	/** Cells inside the pane's border, under its title. Default 70 x 12. */
	width?: number;
	height?: number;
};

export type Pane = {
	frame(): string;
	/** Writes to stdin in one chunk, as SSH delivers a burst of keys, and waits for the app to take it. */
	press(keys: string): Promise<void>;
	/** Shows another outcome or send in flight, as a send would. */
	rerender(props: Partial<PaneProps>): Promise<void>;
	/** Everything written to stdout, frames and raw writes alike. */
	output(): string[];
	/** The whole last frame with its colours and attributes, as the terminal gets it. */
	raw(): string;
	app: AppHarness;
	unmount(): Promise<void>;
};

/** The terminal size whose layout gives the response pane `width` x `height` cells inside its border. */
function terminalFor(width: number, height: number): {columns: number; rows: number} {
	for (let columns = 80; columns < 400; columns++) {
		const layout = computeLayout(columns, 24);
		if (layout.panes.response.width - 2 !== width) {
			continue;
		}

		for (let rows = fullSize.rows; rows < 200; rows++) {
			if (computeLayout(columns, rows).panes.response.height - 3 === height) {
				return {columns, rows};
			}
		}
	}

	throw new Error(`No terminal gives the response pane ${width}x${height}`);
}

export async function renderPane(props: PaneProps = {}): Promise<Pane> {
	const width = props.width ?? 70;
	const height = props.height ?? 12;
	const size = terminalFor(width, height);
	const app = await renderApp({
		...size,
		prepare(store) {
			const collection = store.createCollection({name: 'API'});
			store.addRequest(collection.id, {name: 'Items', url: 'http://127.0.0.1:8080/items'});
		},
	});
	const collectionId = app.store.collections()[0]!.id;
	const request = app.store.collections()[0]!.requests[0]!;
	const requestId = request.id;
	/** The outcome shown, as the props given so far make it: a rerender changes what it names. */
	let current: PaneProps = {};
	/** A send in flight starts; anything else is the outcome of one that ended. */
	const show = async (given: PaneProps) => {
		const {inFlight: _inFlight, ...outcomeProps} = given;
		const next = 'inFlight' in given && given.inFlight !== undefined ? given : {...current, ...outcomeProps};
		if (next.inFlight === undefined) {
			current = next;
		}

		await app.act(() => {
			if (next.inFlight !== undefined) {
				app.runner.apply({type: 'sendStarted', inFlight: {collectionId, requestId, startedAt: next.inFlight.startedAt, controller: new AbortController(), progress: next.inFlight.progress ?? {bytes: 0}}});
				return;
			}

			const outcome: SendOutcome = {
				request,
				result: next.result,
				problems: [],
				logs: next.consoleEntries ?? [],
				scriptErrors: (next.scriptErrors ?? []).map(message => ({phase: 'post-response', requestName: request.name, source: 'request', kind: 'thrown', message})),
				secrets: [],
				refusal: next.refusal,
				...(next.scriptTimes === undefined ? {} : {scriptTimes: next.scriptTimes}),
			};
			app.runner.apply({type: 'sendFinished', requestId, outcome});
		});
	};

	const {inFlight, ...outcome} = props;
	if (Object.keys(outcome).some(key => key !== 'width' && key !== 'height')) {
		await show(outcome);
	}

	if (inFlight !== undefined) {
		await show({inFlight});
	}

	// The response pane has the keyboard.
	await app.write('4');
	const layout = computeLayout(size.columns, size.rows).panes.response;
	return {
		app,
		frame() {
			const rows = app.frame().split('\n').slice(layout.top + 2, layout.top + 2 + height);
			return rows.map(row => cellSlice(row, layout.left + 1, width).trimEnd()).join('\n');
		},
		press: async keys => app.write(keys),
		rerender: show,
		output: () => app.stdout.frames,
		raw: () => app.stdout.frames.at(-1) ?? '',
		unmount: async () => app.cleanup(),
	};
}
