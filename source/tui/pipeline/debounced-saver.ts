/**
Saves typed text a moment after the last keystroke, one pending save per field, and
saves everything pending at once on `flush` (leaving a field, sending, quitting, a
signal), so nothing typed is lost and the store is not rewritten on every key.

A field that saves only on Enter (a header, a variable's value) holds its save instead:
a held save never runs on the timer, only on `flush`, so what is typed there is kept
when the app quits without showing up half-typed meanwhile.
*/
export type DebouncedSaver = {
	schedule: (key: string, save: () => void) => void;
	/** Keeps `save` for the next `flush` only, in place of the one held for `key`. */
	hold: (key: string, save: () => void) => void;
	/** Drops the save held for `key`: its field closed by Enter or Esc, which saved it or chose not to. */
	release: (key: string) => void;
	/** Runs every scheduled and held save, once. */
	flush: () => void;
	/** Whether a save is waiting. */
	readonly pending: boolean;
};

export function createDebouncedSaver(delayMs = 300, onError?: (error: unknown) => void): DebouncedSaver {
	const saves = new Map<string, () => void>();
	const held = new Map<string, () => void>();
	let timer: NodeJS.Timeout | undefined;
	const runSaves = (withHeld: boolean) => {
		if (timer !== undefined) {
			clearTimeout(timer);
			timer = undefined;
		}

		const waiting = [...saves.values(), ...(withHeld ? held.values() : [])];
		saves.clear();
		if (withHeld) {
			held.clear();
		}

		for (const save of waiting) {
			try {
				save();
			} catch (error) {
				if (onError === undefined) {
					throw error;
				}

				onError(error);
			}
		}
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
		},
		flush() {
			runSaves(true);
		},
		get pending() {
			return saves.size > 0 || held.size > 0;
		},
	};
}
