import {describe, expect, it} from 'vitest';
import {
	commands,
	commandsFor,
	forbiddenKeys,
	keyLabel,
	keymap,
	keysFor,
	matchCommand,
	navigateReservedKeys,
	panes,
	type Binding,
	type Mode,
} from '../../source/tui/keymap.js';

const modes: Mode[] = ['navigate', 'edit'];

describe('keymap data', () => {
	it('gives no key two commands in the same pane and mode', () => {
		const clashes: string[] = [];
		for (const pane of panes) {
			for (const mode of modes) {
				const owner = new Map<string, string>();
				for (const command of commandsFor(pane, mode)) {
					for (const key of keysFor(command)) {
						const earlier = owner.get(key);
						if (earlier !== undefined) {
							clashes.push(`${pane}/${mode}: ${key} is both ${earlier} and ${command}`);
						}

						owner.set(key, command);
					}
				}
			}
		}

		expect(clashes).toEqual([]);
	});

	it('binds no key that tmux, the terminal or the tty takes', () => {
		const taken = commands.flatMap(command => {
			const binding: Binding = keymap[command];
			return binding.keys.flatMap(key => {
				const reserved = binding.modes.includes('navigate') ? navigateReservedKeys.get(key) : undefined;
				const reason = forbiddenKeys.get(key) ?? (reserved !== undefined && reserved.command !== command ? reserved.meaning : undefined);
				return reason === undefined ? [] : [`${command}: ${key} (${reason})`];
			});
		});
		expect(taken).toEqual([]);
	});

	it('gives every command at least one key, a description and a mode', () => {
		for (const command of commands) {
			const binding: Binding = keymap[command];
			expect(binding.keys.length, command).toBeGreaterThan(0);
			expect(binding.description.trim(), command).not.toBe('');
			expect(binding.modes.length, command).toBeGreaterThan(0);
		}
	});

	it('lets only send and cancel through from every pane while editing, apart from the editing keys', () => {
		for (const pane of panes) {
			const global = commandsFor(pane, 'edit').filter(command => !command.startsWith('edit.'));
			expect(global).toEqual(['app.send', 'app.cancel']);
		}
	});
});

describe('matchCommand', () => {
	it('sends with ctrl+r from every pane, navigating or editing', () => {
		for (const pane of panes) {
			for (const mode of modes) {
				expect(matchCommand('ctrl+r', pane, mode)).toBe('app.send');
			}
		}
	});

	it('quits with q and opens help with ? only when not editing', () => {
		expect(matchCommand('q', 'request', 'navigate')).toBe('app.quit');
		expect(matchCommand('q', 'request', 'edit')).toBeUndefined();
		expect(matchCommand('?', 'variables', 'navigate')).toBe('app.help');
		expect(matchCommand('?', 'variables', 'edit')).toBeUndefined();
	});

	it('moves between panes with tab, shift+tab and 1-4', () => {
		expect(matchCommand('tab', 'collections', 'navigate')).toBe('focus.next');
		expect(matchCommand('shift+tab', 'collections', 'navigate')).toBe('focus.previous');
		expect(['1', '2', '3', '4'].map(key => matchCommand(key, 'response', 'navigate')))
			.toEqual(['focus.collections', 'focus.request', 'focus.variables', 'focus.response']);
	});

	it('moves with arrows and j/k, opens with enter, leaves with esc', () => {
		expect(matchCommand('j', 'collections', 'navigate')).toBe('nav.down');
		expect(matchCommand('up', 'collections', 'navigate')).toBe('nav.up');
		expect(matchCommand('return', 'collections', 'navigate')).toBe('edit.enter');
		expect(matchCommand('escape', 'request', 'edit')).toBe('edit.leave');
	});

	it('gives the request pane u, m and e', () => {
		expect(matchCommand('u', 'request', 'navigate')).toBe('request.editUrl');
		expect(matchCommand('m', 'request', 'navigate')).toBe('request.cycleMethod');
		expect(matchCommand('e', 'request', 'navigate')).toBe('request.openEditor');
		expect(matchCommand('u', 'response', 'navigate')).toBeUndefined();
	});

	it('reads the same key by pane: / filters collections and searches a response', () => {
		expect(matchCommand('/', 'collections', 'navigate')).toBe('collections.filter');
		expect(matchCommand('/', 'response', 'navigate')).toBe('response.search');
	});

	it('gives the editing keys only in edit mode', () => {
		expect(matchCommand('ctrl+z', 'request', 'edit')).toBe('edit.undo');
		expect(matchCommand('ctrl+z', 'request', 'navigate')).toBe('app.suspend');
		expect(matchCommand('ctrl+d', 'request', 'edit')).toBe('edit.delete');
		expect(matchCommand('ctrl+d', 'request', 'navigate')).toBe('nav.pageDown');
	});

	it('knows nothing of a plain letter while editing', () => {
		expect(matchCommand('a', 'request', 'edit')).toBeUndefined();
	});
});

describe('keysFor and keyLabel', () => {
	it('lists the keys of a command, the main one first', () => {
		expect(keysFor('nav.down')).toEqual(['down', 'j']);
	});

	it('labels keys for people', () => {
		expect(keyLabel('ctrl+left')).toBe('ctrl+←');
		expect(keyLabel('return')).toBe('enter');
		expect(keyLabel('shift+tab')).toBe('shift+tab');
		expect(keyLabel('+')).toBe('+');
		expect(keyLabel('ctrl++')).toBe('ctrl++');
	});
});
