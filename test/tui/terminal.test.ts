import {EventEmitter} from 'node:events';
import {describe, expect, it} from 'vitest';
import {enterFullscreen, guardTerminal, leaveAlternateScreen, showCursor} from '../../source/tui/terminal.js';

function fakeTerminal() {
	const written: string[] = [];
	const output = {write: (text: string) => written.push(text) > 0};
	const rawModes: boolean[] = [];
	const input = {isTTY: true, setRawMode: (mode: boolean) => rawModes.push(mode)};
	const processLike = new EventEmitter();
	const exits: number[] = [];
	const errors: string[] = [];
	const order: string[] = [];
	const guard = guardTerminal({
		output: {write: (text: string) => {
			order.push('restore');
			return output.write(text);
		}},
		input,
		flush: () => order.push('flush'),
		errors: {write: (text: string) => errors.push(text) > 0},
		exit: code => exits.push(code),
		processLike: processLike as unknown as NodeJS.Process,
	});
	return {written, rawModes, processLike, exits, errors, order, guard};
}

describe('terminal', () => {
	it('enters the alternate screen, turns bracketed paste on and autowrap off, and clears the screen', () => {
		const written: string[] = [];
		enterFullscreen({write: (text: string) => written.push(text) > 0});
		expect(written.join('')).toBe('\u001B[?1049h\u001B[?2004h\u001B[?7l\u001B[2J\u001B[H');
	});

	it('turns bracketed paste off and autowrap back on on every way out: quit, crash, SIGTERM, SIGHUP', () => {
		const ways: Array<(terminal: ReturnType<typeof fakeTerminal>) => void> = [
			terminal => terminal.guard.restore(),
			terminal => terminal.processLike.emit('uncaughtException', new Error('boom')),
			terminal => terminal.processLike.emit('SIGTERM'),
			terminal => terminal.processLike.emit('SIGHUP'),
		];
		for (const leave of ways) {
			const terminal = fakeTerminal();
			leave(terminal);
			expect(terminal.written.join('')).toContain('\u001B[?2004l');
			expect(terminal.written.join('')).toContain('\u001B[?7h');
		}
	});

	it('on SIGTERM flushes, leaves the alternate screen, shows the cursor, leaves raw mode, and exits 143', () => {
		const terminal = fakeTerminal();
		terminal.processLike.emit('SIGTERM');
		const text = terminal.written.join('');
		expect(text).toContain(leaveAlternateScreen);
		expect(text).toContain(showCursor);
		expect(text).toContain('\u001B[?2004l');
		expect(terminal.rawModes).toEqual([false]);
		expect(terminal.order).toEqual(['flush', 'restore']);
		expect(terminal.exits).toEqual([143]);
	});

	it('on SIGHUP restores and exits 129', () => {
		const terminal = fakeTerminal();
		terminal.processLike.emit('SIGHUP');
		expect(terminal.written.join('')).toContain(leaveAlternateScreen);
		expect(terminal.exits).toEqual([129]);
	});

	it('on a crash restores the screen first, then reports the error and exits 1', () => {
		const terminal = fakeTerminal();
		terminal.processLike.emit('uncaughtException', new Error('boom'));
		expect(terminal.written.join('')).toContain(leaveAlternateScreen);
		expect(terminal.errors.join('')).toContain('boom');
		expect(terminal.exits).toEqual([1]);
		terminal.processLike.emit('unhandledRejection', new Error('later'));
		expect(terminal.written.filter(text => text.includes(leaveAlternateScreen))).toHaveLength(1);
	});

	it('restores once however many ways out are taken, and forgets its handlers when disposed', () => {
		const terminal = fakeTerminal();
		terminal.guard.restore();
		terminal.processLike.emit('exit');
		expect(terminal.written).toHaveLength(1);
		terminal.guard.dispose();
		expect(terminal.processLike.listenerCount('SIGTERM')).toBe(0);
		expect(terminal.processLike.listenerCount('uncaughtException')).toBe(0);
	});
});
