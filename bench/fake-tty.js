// A terminal and a keyboard for rendering the whole app in the benchmark's own process.
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
