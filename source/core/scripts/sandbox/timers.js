/*
setTimeout, setInterval, setImmediate and their clears, for scripts and the libraries they
require (Bruno's bru.sleep is a timer too). QuickJS has no event loop of its own: after the
script's code and its promise jobs, the worker asks `delay()` how long until the next timer,
waits that long off the script's clock, then calls `fire()` (see worker-source.ts).
*/
export function makeTimers(fail) {
	const now = Date.now;
	const {max} = Math;
	const {apply} = Reflect;
	const pending = [];
	let lastId = 0;

	function add(what, callback, delay, args, repeat) {
		if (typeof callback !== 'function') {
			fail('TypeError', what + ' needs a function, such as ' + what + '(() => { … }, 100)');
		}

		const ms = max(0, Number(delay) || 0);
		lastId++;
		pending.push({id: lastId, at: now() + ms, ms, callback, args, repeat});
		return lastId;
	}

	function clear(id) {
		const index = pending.findIndex(timer => timer.id === id);
		if (index !== -1) {
			pending.splice(index, 1);
		}
	}

	// The timer due first; of timers due at once, the one set first.
	function first() {
		let found;
		for (const timer of pending) {
			if (found === undefined || timer.at < found.at) {
				found = timer;
			}
		}

		return found;
	}

	return {
		globals: {
			setTimeout: (callback, delay, ...args) => add('setTimeout', callback, delay, args, false),
			setInterval: (callback, delay, ...args) => add('setInterval', callback, delay, args, true),
			setImmediate: (callback, ...args) => add('setImmediate', callback, 0, args, false),
			clearTimeout: clear,
			clearInterval: clear,
			clearImmediate: clear,
		},
		/** Milliseconds until the next timer is due (0 when one is), or -1 when none is set. */
		delay() {
			const timer = first();
			return timer === undefined ? -1 : max(0, timer.at - now());
		},
		/** Runs the timer due first; an interval is set again. */
		fire() {
			const timer = first();
			if (timer === undefined) {
				return;
			}

			if (timer.repeat) {
				timer.at = now() + max(timer.ms, 1);
			} else {
				clear(timer.id);
			}

			apply(timer.callback, undefined, timer.args);
		},
	};
}
