/**
Terminal hygiene for the fullscreen UI: enter the alternate screen and bracketed paste and
turn autowrap off, and undo it all again, synchronously, whatever way the process ends
(quit, crash, SIGTERM, SIGHUP), so the user's shell is never left in raw mode, without a
cursor or autowrap, inside the alternate screen or with its pastes wrapped in markers.
*/
import {writeSync} from 'node:fs';

export const enterAlternateScreen = '\u001B[?1049h';
export const leaveAlternateScreen = '\u001B[?1049l';
export const showCursor = '\u001B[?25h';
export const clearScreen = '\u001B[2J\u001B[H';
/**
The terminal wraps pasted text in ESC[200~ and ESC[201~, so a pasted newline is text and
not Enter: without it, a paste into a one-line field submits at its first line break and
runs the rest as commands.
*/
export const enableBracketedPaste = '\u001B[?2004h';
/**
Autowrap off: a row the terminal draws wider than Ink measured it loses its last cells
instead of wrapping onto the next row, which pushed every row below it down and scrolled
the UI up. Terminals disagree about emoji sequences: tmux 3.3a draws `👍🏽` in 4 cells
(thumb, then swatch) where a terminal that joins them draws the 2 that string-width, and
so Ink, counts. No measure is right for both, so such a row may be drawn off by a cell
or two, but the frame stays where it is.
*/
export const disableAutowrap = '\u001B[?7l';
/** Modes a terminal may have been left in; turning off one that was never on is harmless. Autowrap goes back on, every terminal's default. */
export const resetModes = '\u001B[?2004l\u001B[?1000l\u001B[?1002l\u001B[?1006l\u001B[?7h\u001B[0m';

export type TerminalInput = Pick<NodeJS.ReadStream, 'isTTY'> & {setRawMode?: (mode: boolean) => unknown};
export type TerminalOutput = Pick<NodeJS.WriteStream, 'write'> & {fd?: number};

/**
Writes at once, bypassing the stream's queue when the stream has a file descriptor:
on a crash or a signal the event loop may never run again to drain it.
*/
export function writeNow(output: TerminalOutput, text: string): void {
	if (typeof output.fd === 'number') {
		try {
			writeSync(output.fd, text);
			return;
		} catch {
			// A closed descriptor (SIGHUP after the terminal went away) has nothing left to restore.
		}
	}

	output.write(text);
}

/** At start, and again when the UI takes the terminal back from `$EDITOR`. */
export function enterFullscreen(output: TerminalOutput): void {
	writeNow(output, enterAlternateScreen + enableBracketedPaste + disableAutowrap + clearScreen);
}

export function restoreScreen(output: TerminalOutput, input?: TerminalInput): void {
	if (input?.isTTY && typeof input.setRawMode === 'function') {
		try {
			input.setRawMode(false);
		} catch {
			// The input went away; there is no mode left to reset on it.
		}
	}

	writeNow(output, resetModes + leaveAlternateScreen + showCursor);
}

export type TerminalGuardOptions = {
	output: TerminalOutput;
	input?: TerminalInput;
	/** Runs synchronously before the screen is restored: save what is pending. */
	flush?: () => void;
	/** Where a crash is reported after the screen is back. Default process.stderr. */
	errors?: TerminalOutput;
	/** Default `process.exit`. */
	exit?: (code: number) => void;
	processLike?: Pick<NodeJS.Process, 'on' | 'off'>;
};

export type TerminalGuard = {
	/** Flushes and restores once; later calls do nothing. */
	restore: () => void;
	/** Removes the process handlers (after a normal quit). */
	dispose: () => void;
};

const signalExitCodes = {SIGTERM: 143, SIGHUP: 129, SIGINT: 130} as const;

/** Restores the terminal on every way out of the process. */
export function guardTerminal(options: TerminalGuardOptions): TerminalGuard {
	const processLike = options.processLike ?? process;
	const exit = options.exit ?? ((code: number) => process.exit(code));
	let restored = false;
	const restore = () => {
		if (restored) {
			return;
		}

		restored = true;
		try {
			options.flush?.();
		} finally {
			restoreScreen(options.output, options.input);
		}
	};

	const crash = (error: unknown) => {
		restore();
		const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
		writeNow(options.errors ?? process.stderr, `curlew crashed: ${text}\n`);
		exit(1);
	};

	const signalHandlers = Object.entries(signalExitCodes).map(([signal, code]) => {
		const handler = () => {
			restore();
			exit(code);
		};

		processLike.on(signal, handler);
		return [signal, handler] as const;
	});
	processLike.on('uncaughtException', crash);
	processLike.on('unhandledRejection', crash);
	processLike.on('exit', restore);

	return {
		restore,
		dispose() {
			for (const [signal, handler] of signalHandlers) {
				processLike.off(signal, handler);
			}

			processLike.off('uncaughtException', crash);
			processLike.off('unhandledRejection', crash);
			processLike.off('exit', restore);
		},
	};
}
