// A terminal and a keyboard for rendering the whole app in the benchmark's own process, and the app loaded as the CLI runs it.
import {EventEmitter} from 'node:events';

/** Keeps the last frame Ink wrote (debug mode writes whole frames) and emits `frame` on every write. */
export class Terminal extends EventEmitter {
	isTTY = true;
	frame = '';
	constructor(columns = 120, rows = 40) {
		super();
		this.columns = columns;
		this.rows = rows;
	}

	write(frame) {
		this.frame = frame;
		this.emit('frame', frame);
		return true;
	}
}

/** `type` delivers a chunk as a terminal does: one readable event, however many keys it holds. */
export class Keyboard extends EventEmitter {
	isTTY = true;
	pending = [];
	read = () => this.pending.shift() ?? null;
	type(chunk) {
		this.pending.push(chunk);
		this.emit('readable');
	}

	setEncoding() {}
	setRawMode() {}
	resume() {}
	pause() {}
	ref() {}
	unref() {}
}

/**
The app's modules as the CLI runs them: React's production build (the development one also
records every changed prop, which with a megabyte body in the props runs out of memory).
*/
export async function loadApp() {
	process.env.NODE_ENV = 'production';
	const [{createElement}, {render}, {Session}, {openStore}, {App}, {createAppContainer}, {createRunner}, {createWorld}] = await Promise.all([
		import('react'),
		import('ink'),
		import('../dist/core/session/session.js'),
		import('../dist/core/store/store.js'),
		import('../dist/tui/app.js'),
		import('../dist/tui/app-context.js'),
		import('../dist/tui/pipeline/run-effects.js'),
		import('../dist/tui/pipeline/world.js'),
	]);
	/** The whole app as the CLI starts it: its state, the runner of its effects (quitting does nothing here), drawn to `stdout`. */
	const appElement = ({services, container, stdout}) => {
		const runner = createRunner({container, services, world: createWorld(container, services), terminal: stdout, quit() {}});
		return createElement(App, {services, container, runner});
	};

	/**
	The whole app on `store`, drawn to a fake terminal as the CLI draws it (debug: every frame
	whole): `firstFrame` resolves once it is drawn, `press` types a key and resolves with the
	milliseconds to the next frame.
	*/
	const renderApp = ({store, container, columns = 120, rows = 40, debug = true}) => {
		const session = new Session(store);
		const stdout = new Terminal(columns, rows);
		const stdin = new Keyboard();
		const firstFrame = frameWhere(stdout, () => true);
		const instance = render(appElement({services: {store, session, env: {}}, container, stdout}), {stdout, stdin, exitOnCtrlC: false, patchConsole: false, debug});
		const press = async key => {
			const frame = frameWhere(stdout, () => true);
			const start = process.hrtime.bigint();
			stdin.type(key);
			await frame;
			return Number(process.hrtime.bigint() - start) / 1e6;
		};

		return {instance, session, stdout, stdin, firstFrame, press};
	};

	return {createElement, render, Session, openStore, appElement, createAppContainer, renderApp};
}

/** Resolves at the first frame written that `matches`. */
export function frameWhere(stdout, matches) {
	return new Promise(resolve => {
		const check = frame => {
			if (matches(frame)) {
				stdout.off('frame', check);
				resolve();
			}
		};

		stdout.on('frame', check);
	});
}
