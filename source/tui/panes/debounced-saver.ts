/**
Saves typed text a moment after the last keystroke, one pending save per field, and
saves everything pending at once on `flush` (leaving a field, sending, quitting, a
signal), so nothing typed is lost and the store is not rewritten on every key.
*/
export type DebouncedSaver = {
	schedule: (key: string, save: () => void) => void;
	flush: () => void;
	/** Whether a save is waiting. */
	readonly pending: boolean;
};

export function createDebouncedSaver(delayMs = 300, onError?: (error: unknown) => void): DebouncedSaver {
	const saves = new Map<string, () => void>();
	let timer: NodeJS.Timeout | undefined;
	const flush = () => {
		if (timer !== undefined) {
			clearTimeout(timer);
			timer = undefined;
		}

		const waiting = [...saves.values()];
		saves.clear();
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

			timer = setTimeout(flush, delayMs);
			timer.unref?.();
		},
		flush,
		get pending() {
			return saves.size > 0;
		},
	};
}
