/** The response pane's keys for the help overlay, read from the keymap so help and behaviour agree. */
import {keymap, keysFor, type Command} from '../keymap.js';

const paneCommands: readonly Command[] = [
	'nav.down',
	'nav.up',
	'nav.pageDown',
	'nav.pageUp',
	'nav.top',
	'nav.bottom',
	'nav.left',
	'nav.right',
	'response.tab',
	'response.previousTab',
	'response.search',
	'response.next',
	'response.previous',
	'response.wrap',
	'response.save',
	'response.copy',
];

const descriptions: Partial<Record<Command, string>> = {
	'nav.down': 'Scroll down a line',
	'nav.up': 'Scroll up a line',
	'nav.left': 'Scroll left (wrapping off)',
	'nav.right': 'Scroll right (wrapping off)',
};

export const responseKeys: ReadonlyArray<{keys: readonly string[]; description: string}> = [
	...paneCommands.map(command => ({keys: keysFor(command), description: descriptions[command] ?? keymap[command].description})),
	{keys: ['escape'], description: 'Clear the search highlight; in a prompt, cancel it'},
	{keys: ['return'], description: 'In a prompt: search, or save to the path typed'},
];
