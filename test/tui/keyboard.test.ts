import {describe, expect, it} from 'vitest';
import {createKeyboard, type TakeKeys} from '../../source/tui/keyboard.js';
import type {KeyPress} from '../../source/tui/keys.js';

const press = (name: string): KeyPress => ({name, text: name.length === 1 ? name : ''});
const presses = (...names: string[]) => names.map(name => press(name));
const namesOf = (keys: readonly KeyPress[]) => keys.map(key => key.name);

/** A keyboard whose owner is `owner.now`, recording what the app got. */
function setUp() {
	const owner: {now: string | undefined} = {now: undefined};
	const app: string[] = [];
	const keyboard = createKeyboard({
		ownerNow: () => owner.now,
		unowned(key) {
			app.push(key.name);
		},
	});
	return {owner, app, keyboard};
}

/** A field that types letters and closes on `return`, handing back the keys after it. */
function field(owner: {now: string | undefined}, typed: string[]): TakeKeys {
	return keys => {
		for (const [index, key] of keys.entries()) {
			if (key.name === 'return') {
				owner.now = undefined;
				return keys.slice(index + 1);
			}

			typed.push(key.name);
		}

		return [];
	};
}

describe('keyboard', () => {
	it('gives keys to the app while no field has the keyboard', () => {
		const {app, keyboard} = setUp();
		keyboard.press(presses('j', 'k'));
		expect(app).toEqual(['j', 'k']);
	});

	it('keeps the keys for a field that is not drawn yet, and hands them to it in order once it is', () => {
		const {owner, app, keyboard} = setUp();
		owner.now = 'prompt:1';
		keyboard.press(presses('a', 'b'));
		keyboard.press(presses('c'));
		const typed: string[] = [];
		keyboard.register(field(owner, typed));
		expect(typed).toEqual(['a', 'b', 'c']);
		expect(app).toEqual([]);
	});

	it('hands the keys after the one that closed the field to the app', () => {
		const {owner, app, keyboard} = setUp();
		owner.now = 'prompt:1';
		const typed: string[] = [];
		keyboard.register(field(owner, typed));
		keyboard.press(presses('a', 'return', 'j', 'k'));
		expect(typed).toEqual(['a']);
		expect(app).toEqual(['j', 'k']);
	});

	it('gives nothing to a field that closed but is still registered, nor to the next owner\'s field before it is drawn', () => {
		const {owner, app, keyboard} = setUp();
		owner.now = 'prompt:1';
		const first: string[] = [];
		keyboard.register(field(owner, first));
		keyboard.press(presses('return'));
		owner.now = 'prompt:2';
		keyboard.press(presses('x', 'y'));
		expect(first).toEqual([]);
		expect(app).toEqual([]);
		const second: string[] = [];
		keyboard.register(field(owner, second));
		expect(second).toEqual(['x', 'y']);
	});

	it('hands the rest back to a field that is still open after its turn ended', () => {
		const {owner, keyboard} = setUp();
		owner.now = 'prompt:1';
		const turns: string[][] = [];
		// Ends its turn on every `return` and stays open: a refused answer.
		keyboard.register(keys => {
			const end = keys.findIndex(key => key.name === 'return');
			const taken = end === -1 ? keys : keys.slice(0, end + 1);
			turns.push(namesOf(taken));
			return end === -1 ? [] : keys.slice(end + 1);
		});
		keyboard.press(presses('a', 'return', 'b', 'return', 'c'));
		expect(turns).toEqual([['a', 'return'], ['b', 'return'], ['c']]);
	});

	it('gives the rest of a chunk to a field that an earlier key of it opened, as soon as it is drawn', () => {
		const owner: {now: string | undefined} = {now: undefined};
		const typed: string[] = [];
		const keyboard = createKeyboard({
			ownerNow: () => owner.now,
			unowned(key) {
				// `n` opens a prompt, which is drawn at once (as a synchronous render would).
				if (key.name === 'n') {
					owner.now = 'prompt:1';
					keyboard.register(field(owner, typed));
				}
			},
		});
		keyboard.press(presses('n', 'a', 'b', 'return'));
		expect(typed).toEqual(['a', 'b']);
		expect(owner.now).toBeUndefined();
	});

	it('stops giving keys to a field once it unregisters', () => {
		const {owner, keyboard} = setUp();
		owner.now = 'prompt:1';
		const typed: string[] = [];
		const stop = keyboard.register(field(owner, typed));
		keyboard.press(presses('a'));
		stop();
		keyboard.press(presses('b'));
		expect(typed).toEqual(['a']);
	});
});
