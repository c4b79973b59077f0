/**
The time now, for what counts seconds on screen (a send in flight): read when a component
starts to show it, then every tenth of a second while any does. One clock for all of them.
*/
import {useSyncExternalStore} from 'react';

const tickMs = 100;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: NodeJS.Timeout | undefined;

function subscribe(listener: () => void): () => void {
	listeners.add(listener);
	now = Date.now();
	if (timer === undefined) {
		timer = setInterval(() => {
			now = Date.now();
			for (const each of [...listeners]) {
				each();
			}
		}, tickMs);
		timer.unref();
	}

	return () => {
		listeners.delete(listener);
		if (listeners.size === 0) {
			clearInterval(timer);
			timer = undefined;
		}
	};
}

function stayStill(): () => void {
	return () => undefined;
}

function read(): number {
	return now;
}

/** Epoch milliseconds, kept current while `running`. */
export function useNow(running: boolean): number {
	return useSyncExternalStore(running ? subscribe : stayStill, read);
}
