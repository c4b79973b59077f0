/**
Saves typed text a moment after the last keystroke, one pending save per field, and
saves everything pending at once on `flush` (leaving a field, sending, quitting, a
signal), so nothing typed is lost and the store is not rewritten on every key.

A field that saves only on Enter (a header, a variable's value) holds its save instead:
a held save never runs on the timer, only on `flush`, so what is typed there is kept
when the app quits without showing up half-typed meanwhile.

A save that fails for a reason that may pass (`keepOnError`: a full disk, a folder not
writable) is kept, with what it saves, and runs again with the next ones: the timer after
the next change (see `retry`), or the next flush. A newer save of the same field takes its
place.
*/
export type DebouncedSaver = {
	schedule: (key: string, save: () => void) => void;
	/** Keeps `save` for the next `flush` only, in place of the one held for `key`. */
	hold: (key: string, save: () => void) => void;
	/** Drops the saves of `key`, held, scheduled or kept: its field closed by Enter or Esc, which saved it or chose not to. */
	release: (key: string) => void;
	/** Runs every scheduled and held save, once. */
	flush: () => void;
	/** Runs again the scheduled saves that failed and are kept, and no other (a held one waits for `flush`). */
	retry: () => void;
	/** Whether a save is waiting, a kept failed one included. */
	readonly pending: boolean;
	/** Why each save that failed and is kept did not go through, one per field. */
	readonly unsaved: readonly unknown[];
};

export type SaverOptions = {
	/** Hears each failure; `kept` tells whether the save is kept to run again. Without it, a failure is thrown. */
	onError?: (error: unknown, kept: boolean) => void;
	/** Whether a failed save is kept to run again. Default: never. */
	keepOnError?: (error: unknown) => boolean;
};

export function createDebouncedSaver(delayMs = 300, {onError, keepOnError = () => false}: SaverOptions = {}): DebouncedSaver {
	const saves = new Map<string, () => void>();
	const held = new Map<string, () => void>();
	const failures = new Map<string, unknown>();
	let timer: NodeJS.Timeout | undefined;
	const run = (waiting: Array<{key: string; save: () => void; from: Map<string, () => void>}>) => {
		for (const {key, from} of waiting) {
			from.delete(key);
		}

		for (const {key, save, from} of waiting) {
			try {
				save();
				failures.delete(key);
			} catch (error) {
				const kept = keepOnError(error);
				if (kept) {
					failures.set(key, error);
					// A save of the field scheduled or held while this one ran is newer: it stays instead.
					if (!from.has(key)) {
						from.set(key, save);
					}
				} else {
					failures.delete(key);
				}

				if (onError === undefined) {
					throw error;
				}

				onError(error, kept);
			}
		}
	};

	const runSaves = (withHeld: boolean) => {
		if (timer !== undefined) {
			clearTimeout(timer);
			timer = undefined;
		}

		run([...entriesOf(saves), ...(withHeld ? entriesOf(held) : [])]);
	};

	return {
		schedule(key, save) {
			saves.set(key, save);
			if (timer !== undefined) {
				clearTimeout(timer);
			}

			// The timer runs the scheduled saves only: a held one waits for `flush`.
			timer = setTimeout(runSaves, delayMs, false);
			timer.unref?.();
		},
		hold(key, save) {
			held.set(key, save);
		},
		release(key) {
			held.delete(key);
			saves.delete(key);
			failures.delete(key);
		},
		flush() {
			runSaves(true);
		},
		retry() {
			run(entriesOf(saves).filter(({key}) => failures.has(key)));
		},
		get pending() {
			return saves.size > 0 || held.size > 0;
		},
		get unsaved() {
			return [...failures.values()];
		},
	};
}

function entriesOf(saves: Map<string, () => void>): Array<{key: string; save: () => void; from: Map<string, () => void>}> {
	return [...saves.entries()].map(([key, save]) => ({key, save, from: saves}));
}
