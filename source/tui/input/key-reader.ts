/**
Reads the terminal's input once for the whole UI: raw mode on, each chunk parsed into key
presses (see `parse-keys.ts`) and handed to the listeners in order, chunk by chunk. Ink is
not asked to read the input at all, so no key is parsed twice or taken by the wrong reader.

An ESC at the end of what was read may be the Esc key or the start of a sequence still on
its way: it is read as Esc once the input read so far is handled and nothing more came
(the next turn of the event loop), as Ink does.
*/
import {createKeyParser, type KeyPress} from './parse-keys.js';

/** What the reader needs of stdin: `process.stdin`, or a test's stand-in. */
export type KeyInput = {
	readonly isTTY?: boolean;
	read: () => unknown;
	on: (event: 'readable', listener: () => void) => unknown;
	off: (event: 'readable', listener: () => void) => unknown;
	setRawMode?: (mode: boolean) => unknown;
	setEncoding?: (encoding: BufferEncoding) => unknown;
	ref?: () => unknown;
	unref?: () => unknown;
};

export type KeyListener = (presses: readonly KeyPress[]) => void;

export type KeyReader = {
	/** Starts reading with the first listener and stops with the last; returns what removes this one. */
	subscribe: (listener: KeyListener) => () => void;
};

const readers = new WeakMap<KeyInput, KeyReader>();

/** The one reader of `input`, shared by everyone who listens to it. */
export function keyReaderFor(input: KeyInput): KeyReader {
	let reader = readers.get(input);
	if (reader === undefined) {
		reader = createKeyReader(input);
		readers.set(input, reader);
	}

	return reader;
}

function createKeyReader(input: KeyInput): KeyReader {
	const parser = createKeyParser();
	const listeners = new Set<KeyListener>();
	let flushLater: NodeJS.Immediate | undefined;

	const deliver = (presses: readonly KeyPress[]) => {
		if (presses.length === 0) {
			return;
		}

		for (const listener of [...listeners]) {
			listener(presses);
		}
	};

	const onReadable = () => {
		if (flushLater !== undefined) {
			clearImmediate(flushLater);
			flushLater = undefined;
		}

		let chunk: unknown;
		while ((chunk = input.read()) !== null) {
			deliver(parser.push(typeof chunk === 'string' ? chunk : String(chunk)));
		}

		if (parser.hasPending()) {
			flushLater = setImmediate(() => {
				flushLater = undefined;
				deliver(parser.flush());
			});
		}
	};

	const start = () => {
		input.setEncoding?.('utf8');
		if (input.isTTY === true) {
			input.setRawMode?.(true);
		}

		input.ref?.();
		input.on('readable', onReadable);
	};

	const stop = () => {
		input.off('readable', onReadable);
		if (flushLater !== undefined) {
			clearImmediate(flushLater);
			flushLater = undefined;
		}

		if (input.isTTY === true) {
			input.setRawMode?.(false);
		}

		input.unref?.();
	};

	return {
		subscribe(listener) {
			listeners.add(listener);
			if (listeners.size === 1) {
				start();
			}

			return () => {
				if (listeners.delete(listener) && listeners.size === 0) {
					stop();
				}
			};
		},
	};
}
