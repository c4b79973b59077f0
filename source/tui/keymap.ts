/**
Every key curlew answers to, as data: command -> keys, description, panes, modes.

Handlers match commands, never raw keys; the help overlay and the status bar read this
table, so a binding shown to the user is the binding that works. Key names are those of
`keys.ts`. The first key of a binding is the one the help and status bar show first.

Modes: `navigate` is the default, where keys move and act; `edit` is while a text field
has the keyboard (Enter on a field enters it, Esc leaves). In `edit` mode only the
editing keys and the few commands that work from anywhere (send, cancel) apply. A question
(`confirm`), the kind picker (`pickKind`), the environment list (`pickEnvironment`), the
messages overlay (`pager`), the help overlay (`help`, where typed text filters its rows) and
the command palette (`palette`) have their own keys, here too, so the help lists them and the
status bar offers them.
*/

export const panes = ['collections', 'request', 'variables', 'response'] as const;
export type Pane = typeof panes[number];

export type Mode = 'navigate' | 'edit' | 'confirm' | 'pickKind' | 'pickEnvironment' | 'pager' | 'help' | 'palette';

export type Binding = {
	readonly keys: readonly string[];
	/** A sentence for the help overlay. */
	readonly description: string;
	/** A word or two for the status bar; bindings without one are shown in help only. */
	readonly hint?: string;
	/** The status bar shows the hint only when the global keys (send, quit, help) fit too. */
	readonly lesserHint?: true;
	/** The help overlay's group. */
	readonly group: 'Global' | 'Panes' | 'Layout' | 'Move' | 'Collections' | 'Request' | 'Variables' | 'Response' | 'Editing' | 'Questions' | 'Palette' | 'Help and messages';
	readonly panes: 'all' | readonly Pane[];
	readonly modes: readonly Mode[];
};

const navigate: readonly Mode[] = ['navigate'];
const edit: readonly Mode[] = ['edit'];
const confirm: readonly Mode[] = ['confirm'];
const pickKind: readonly Mode[] = ['pickKind'];
const pickEnvironment: readonly Mode[] = ['pickEnvironment'];
const pager: readonly Mode[] = ['pager'];
const help: readonly Mode[] = ['help'];
const palette: readonly Mode[] = ['palette'];
/** The palette is left out: there ctrl+c closes it, as it leaves a field. */
const anyMode: readonly Mode[] = ['navigate', 'edit', 'confirm', 'pickKind', 'pickEnvironment', 'pager', 'help'];
/** Moves that scroll an overlay too (in the help, only the keys that type no text: the others filter it). */
const navigateOrPager: readonly Mode[] = ['navigate', 'pager', 'help'];

export const keymap = {
	'app.send': {keys: ['ctrl+r'], description: 'Send the request (also while editing)', hint: 'send', group: 'Global', panes: 'all', modes: anyMode},
	'app.cancel': {keys: ['ctrl+c'], description: 'Cancel the request in flight; with none, leave the field (as esc does), or quit', group: 'Global', panes: 'all', modes: anyMode},
	'app.quit': {keys: ['q'], description: 'Quit', hint: 'quit', group: 'Global', panes: 'all', modes: navigate},
	'app.suspend': {keys: ['ctrl+z'], description: 'Suspend curlew to the shell (fg brings it back); in a field, ctrl+z undoes', group: 'Global', panes: 'all', modes: navigate},
	'app.help': {keys: ['?'], description: 'Show or hide this help (type in it to filter its rows)', hint: 'help', group: 'Global', panes: 'all', modes: navigateOrPager},
	// No hint: the status bar offers the key on the message's row when a message is cut.
	'app.messages': {keys: ['!'], description: 'Show or hide the messages of this session, the last first, each whole', group: 'Global', panes: 'all', modes: ['navigate', 'pager']},
	'app.palette': {keys: ['ctrl+p'], description: 'Command palette: type to find any command or any request, enter runs or opens it', group: 'Global', panes: 'all', modes: navigate},

	'focus.next': {keys: ['tab'], description: 'Next pane', group: 'Panes', panes: 'all', modes: navigate},
	'focus.previous': {keys: ['shift+tab'], description: 'Previous pane', group: 'Panes', panes: 'all', modes: navigate},
	'focus.collections': {keys: ['1'], description: 'Collections pane', group: 'Panes', panes: 'all', modes: navigate},
	'focus.request': {keys: ['2'], description: 'Request pane', group: 'Panes', panes: 'all', modes: navigate},
	'focus.variables': {keys: ['3'], description: 'Variables pane', group: 'Panes', panes: 'all', modes: navigate},
	'focus.response': {keys: ['4'], description: 'Response pane', group: 'Panes', panes: 'all', modes: navigate},

	// How the panes are arranged, remembered between runs.
	'layout.zoom': {keys: ['z'], description: 'Zoom: the focused pane alone on the whole screen (tab and 1-4 switch which), or all the panes again', hint: 'zoom', group: 'Layout', panes: 'all', modes: navigate},
	'layout.sideBySide': {keys: ['V'], description: 'Request and response side by side, or one above the other', group: 'Layout', panes: 'all', modes: navigate},
	'layout.grow': {keys: ['+', '='], description: 'Move the split: more room for the request or the response, whichever has the keyboard', group: 'Layout', panes: ['request', 'response'], modes: navigate},
	'layout.shrink': {keys: ['-'], description: 'Move the split: less room for the request or the response, whichever has the keyboard', group: 'Layout', panes: ['request', 'response'], modes: navigate},

	'nav.up': {keys: ['up', 'k'], description: 'Up', group: 'Move', panes: 'all', modes: navigateOrPager},
	'nav.down': {keys: ['down', 'j'], description: 'Down', group: 'Move', panes: 'all', modes: navigateOrPager},
	'nav.left': {keys: ['left', 'h'], description: 'Left; collapse a collection', group: 'Move', panes: 'all', modes: navigate},
	'nav.right': {keys: ['right', 'l'], description: 'Right; expand a collection', group: 'Move', panes: 'all', modes: navigate},
	'nav.pageUp': {keys: ['pageup', 'ctrl+u'], description: 'Page up', group: 'Move', panes: 'all', modes: navigateOrPager},
	'nav.pageDown': {keys: ['pagedown', 'ctrl+d'], description: 'Page down', group: 'Move', panes: 'all', modes: navigateOrPager},
	'nav.top': {keys: ['home', 'g'], description: 'To the top', group: 'Move', panes: 'all', modes: navigateOrPager},
	'nav.bottom': {keys: ['end', 'G'], description: 'To the bottom', group: 'Move', panes: 'all', modes: navigateOrPager},
	'edit.enter': {keys: ['return'], description: 'Open the selected item, or edit the selected field', hint: 'open/edit', group: 'Move', panes: 'all', modes: navigate},

	'collections.new': {keys: ['n'], description: 'New request in the selected collection', hint: 'new', group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.newCollection': {keys: ['N'], description: 'New collection', hint: 'new collection', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.rename': {keys: ['r'], description: 'Rename', hint: 'rename', group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.duplicate': {keys: ['c'], description: 'Duplicate', hint: 'duplicate', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.delete': {keys: ['d'], description: 'Delete (asks first)', hint: 'delete', group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.moveUp': {keys: ['K', 'shift+up'], description: 'Move the selected item up', hint: 'move up', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.moveDown': {keys: ['J', 'shift+down'], description: 'Move the selected item down', hint: 'move down', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.filter': {keys: ['/'], description: 'Filter by name or URL', hint: 'filter', group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.clearFilter': {keys: ['escape'], description: 'Clear the filter', group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.environment': {keys: ['e'], description: 'Choose the environment from the collection\'s list (or none)', hint: 'env', group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.newEnvironment': {keys: ['E'], description: 'New environment of the collection (then chosen)', hint: 'new env', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.renameEnvironment': {keys: ['R'], description: 'Rename the chosen environment', hint: 'rename env', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.deleteEnvironment': {keys: ['D'], description: 'Delete the chosen environment and its variables (asks first)', hint: 'delete env', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.settings': {keys: ['o'], description: 'Collection settings in $EDITOR: timeouts, redirects, TLS, size and script limits', hint: 'settings', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},
	'collections.strict': {keys: ['S'], description: 'Strict mode on or off: refuse to send while a placeholder is unresolved', hint: 'strict', lesserHint: true, group: 'Collections', panes: ['collections'], modes: navigate},

	'request.editUrl': {keys: ['u'], description: 'Edit the URL', hint: 'url', group: 'Request', panes: ['request'], modes: navigate},
	'request.cycleMethod': {keys: ['m'], description: 'Next method (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)', hint: 'method', group: 'Request', panes: ['request'], modes: navigate},
	'request.openEditor': {keys: ['e'], description: 'Open the body in $EDITOR', hint: '$EDITOR', group: 'Request', panes: ['request'], modes: navigate},
	'request.details': {keys: ['o'], description: 'The request\'s auth, variables, post-response variables, assertions and settings in $EDITOR', hint: 'auth, asserts…', lesserHint: true, group: 'Request', panes: ['request'], modes: navigate},
	'request.addHeader': {keys: ['a'], description: 'Add a header', hint: 'add header', group: 'Request', panes: ['request'], modes: navigate},
	'request.toggleHeader': {keys: ['space'], description: 'Turn the selected header on or off', hint: 'on/off', lesserHint: true, group: 'Request', panes: ['request'], modes: navigate},
	'request.delete': {keys: ['d'], description: 'Delete the selected header', hint: 'delete header', lesserHint: true, group: 'Request', panes: ['request'], modes: navigate},
	'request.bodyType': {keys: ['t'], description: 'Next body type (none, JSON, text, form)', hint: 'body type', lesserHint: true, group: 'Request', panes: ['request'], modes: navigate},
	'request.copyAsCurl': {keys: ['C'], description: 'Copy the selected request as a curl command, placeholders filled and the jar\'s cookies added (OSC 52); asks before copying secret values or cookies in clear', hint: 'copy curl', lesserHint: true, group: 'Request', panes: ['collections', 'request'], modes: navigate},

	'variables.new': {keys: ['n'], description: 'New variable', hint: 'new', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.edit': {keys: ['e'], description: 'Edit the selected variable\'s value, as its kind (JSON on many lines: esc saves it); enter does too, turns a boolean, and opens an object or array in the inspector', hint: 'edit', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.inspect': {keys: ['i'], description: 'Inspect the value whole: formatted, its override chain, the requests that use it; enter on a line edits that part alone', hint: 'inspect', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.filter': {keys: ['/'], description: 'Filter the variables by name', hint: 'filter', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.back': {keys: ['escape'], description: 'Close the inspector; clear the filter', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.increment': {keys: ['+'], description: 'Add one to a number (in the inspector, the number on the line)', hint: 'add 1', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.decrement': {keys: ['-'], description: 'Subtract one from a number (in the inspector, the number on the line)', hint: 'subtract 1', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.overrideEnvironment': {keys: ['o'], description: 'Set the value in the chosen environment, over the collection\'s', hint: 'set in env', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.overrideRuntime': {keys: ['r'], description: 'Set the value for this session only (runtime), over every saved one', hint: 'set runtime', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.dropOverride': {keys: ['x'], description: 'Drop the override: delete the value in effect so the one it hides is sent again', hint: 'drop override', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.openEditor': {keys: ['E'], description: 'Open the value in $EDITOR', hint: '$EDITOR', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.editKind': {keys: ['t'], description: 'Edit the selected variable (in the inspector, the part on the line) as another kind (string, number, boolean, JSON, date)', hint: 'kind', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.delete': {keys: ['d'], description: 'Delete the selected variable', hint: 'delete', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.secret': {keys: ['s'], description: 'Mark or unmark as secret (masked, never exported)', hint: 'secret', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.pin': {keys: ['p'], description: 'Pin a runtime variable into the collection', hint: 'pin', group: 'Variables', panes: ['variables'], modes: navigate},
	'variables.reveal': {keys: ['v'], description: 'Show or mask secret values', hint: 'reveal', lesserHint: true, group: 'Variables', panes: ['variables'], modes: navigate},

	'response.tab': {keys: ['t', ']'], description: 'Next tab (body, headers, timing, sent, history, cookies, console)', hint: 'tab', group: 'Response', panes: ['response'], modes: navigate},
	'response.previousTab': {keys: ['T', '['], description: 'Previous tab', group: 'Response', panes: ['response'], modes: navigate},
	'response.clear': {keys: ['escape'], description: 'Clear the search highlight; with none, the jq filter (stopping one that runs)', group: 'Response', panes: ['response'], modes: navigate},
	'response.search': {keys: ['/'], description: 'Search (smart case: lower case matches any case; alt+r in the prompt for a regular expression)', hint: 'search', group: 'Response', panes: ['response'], modes: navigate},
	'response.filter': {keys: ['|'], description: 'Filter the body with jq (shown, searched, copied and saved as the body is); an empty filter shows the body again', hint: 'jq', group: 'Response', panes: ['response'], modes: navigate},
	'response.pager': {keys: ['v'], description: 'Read the body (or its jq filter\'s output) in $PAGER, formatted', hint: 'pager', lesserHint: true, group: 'Response', panes: ['response'], modes: navigate},
	'response.next': {keys: ['n'], description: 'Next match', hint: 'next match', lesserHint: true, group: 'Response', panes: ['response'], modes: navigate},
	'response.previous': {keys: ['N'], description: 'Previous match', hint: 'previous match', lesserHint: true, group: 'Response', panes: ['response'], modes: navigate},
	'response.wrap': {keys: ['w'], description: 'Wrap long lines on or off', hint: 'wrap', group: 'Response', panes: ['response'], modes: navigate},
	'response.save': {keys: ['s'], description: 'Save the body to a file', hint: 'save', group: 'Response', panes: ['response'], modes: navigate},
	'response.copy': {keys: ['y'], description: 'Copy the body (OSC 52, works over SSH)', hint: 'copy', group: 'Response', panes: ['response'], modes: navigate},
	'response.deleteCookie': {keys: ['d'], description: 'In the cookies tab: delete the selected cookie from the collection\'s jar', group: 'Response', panes: ['response'], modes: navigate},
	'response.clearCookies': {keys: ['D'], description: 'In the cookies tab: delete every cookie of the collection\'s jar (asks first)', group: 'Response', panes: ['response'], modes: navigate},
	'history.older': {keys: ['H'], description: 'An older response of the request, from its history (the last 20 are kept, also across restarts)', hint: 'older', lesserHint: true, group: 'Response', panes: ['response'], modes: navigate},
	'history.newer': {keys: ['L'], description: 'A newer response from the history, back to the last', hint: 'newer', lesserHint: true, group: 'Response', panes: ['response'], modes: navigate},

	'edit.leave': {keys: ['escape'], description: 'Leave the field', hint: 'done', group: 'Editing', panes: 'all', modes: edit},
	'edit.newline': {keys: ['return'], description: 'New line in a body or script; accept a one-line field', group: 'Editing', panes: 'all', modes: edit},
	'edit.tab': {keys: ['tab'], description: 'Complete a variable\'s name after {{ in the URL, a header or a body; else insert a tab in a body or script', group: 'Editing', panes: 'all', modes: edit},
	'edit.left': {keys: ['left'], description: 'Character left', group: 'Editing', panes: 'all', modes: edit},
	'edit.right': {keys: ['right'], description: 'Character right', group: 'Editing', panes: 'all', modes: edit},
	'edit.up': {keys: ['up'], description: 'Line up; in the jq prompt, the filter used before', group: 'Editing', panes: 'all', modes: edit},
	'edit.down': {keys: ['down'], description: 'Line down; in the jq prompt, the filter used after', group: 'Editing', panes: 'all', modes: edit},
	'edit.pageUp': {keys: ['pageup'], description: 'Page up', group: 'Editing', panes: 'all', modes: edit},
	'edit.pageDown': {keys: ['pagedown'], description: 'Page down', group: 'Editing', panes: 'all', modes: edit},
	'edit.wordLeft': {keys: ['ctrl+left', 'alt+left', 'alt+b'], description: 'Word left', group: 'Editing', panes: 'all', modes: edit},
	'edit.wordRight': {keys: ['ctrl+right', 'alt+right', 'alt+f'], description: 'Word right', group: 'Editing', panes: 'all', modes: edit},
	'edit.home': {keys: ['home', 'ctrl+a'], description: 'Line start', group: 'Editing', panes: 'all', modes: edit},
	'edit.end': {keys: ['end', 'ctrl+e'], description: 'Line end', group: 'Editing', panes: 'all', modes: edit},
	'edit.bufferStart': {keys: ['ctrl+home'], description: 'Text start', group: 'Editing', panes: 'all', modes: edit},
	'edit.bufferEnd': {keys: ['ctrl+end'], description: 'Text end', group: 'Editing', panes: 'all', modes: edit},
	'edit.backspace': {keys: ['backspace'], description: 'Delete the character before the cursor', group: 'Editing', panes: 'all', modes: edit},
	'edit.delete': {keys: ['delete', 'ctrl+d'], description: 'Delete the character under the cursor', group: 'Editing', panes: 'all', modes: edit},
	'edit.deleteWordBack': {keys: ['ctrl+w', 'alt+backspace'], description: 'Delete the word before the cursor', group: 'Editing', panes: 'all', modes: edit},
	'edit.killLineEnd': {keys: ['ctrl+k'], description: 'Delete to the line end', group: 'Editing', panes: 'all', modes: edit},
	'edit.killLineStart': {keys: ['ctrl+u'], description: 'Delete to the line start', group: 'Editing', panes: 'all', modes: edit},
	'edit.undo': {keys: ['ctrl+z'], description: 'Undo', hint: 'undo', group: 'Editing', panes: 'all', modes: edit},
	'edit.redo': {keys: ['ctrl+y'], description: 'Redo', group: 'Editing', panes: 'all', modes: edit},
	'edit.regex': {keys: ['alt+r'], description: 'In the response\'s search prompt: search for a regular expression, or for the text as typed', hint: 'regex', group: 'Editing', panes: ['response'], modes: edit},
	'edit.keepMine': {keys: ['ctrl+o'], description: 'When another window changed the field being edited: save yours over it', group: 'Editing', panes: 'all', modes: edit},
	'edit.takeTheirs': {keys: ['ctrl+t'], description: 'When another window changed the field being edited: take its text instead of yours', group: 'Editing', panes: 'all', modes: edit},

	'confirm.yes': {keys: ['y', 'Y'], description: 'Yes to the question asked (delete; copy secret values in clear); any other key is no, and keeps things as they are (or masks the secrets)', group: 'Questions', panes: 'all', modes: confirm},
	'pick.string': {keys: ['s'], description: 'A string, then its value', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.number': {keys: ['n'], description: 'A number, then its value', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.boolean': {keys: ['b'], description: 'A boolean, then its value', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.json': {keys: ['j'], description: 'JSON (an object, an array or null), then its value', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.date': {keys: ['d'], description: 'A date, then its value', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.previous': {keys: ['left', 'up'], description: 'The kind before', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.next': {keys: ['right', 'down', 'tab'], description: 'The kind after', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.accept': {keys: ['return'], description: 'The kind chosen, then its value', hint: 'next', group: 'Questions', panes: 'all', modes: pickKind},
	'pick.cancel': {keys: ['escape'], description: 'Choose no kind: nothing changes', hint: 'cancel', group: 'Questions', panes: 'all', modes: pickKind},
	'environment.up': {keys: ['up', 'k'], description: 'In the list of environments: the one above', group: 'Questions', panes: 'all', modes: pickEnvironment},
	'environment.down': {keys: ['down', 'j'], description: 'In the list of environments: the one below', group: 'Questions', panes: 'all', modes: pickEnvironment},
	'environment.choose': {keys: ['return'], description: 'Use the environment selected in the list (remembered, also by curlew run)', hint: 'choose', group: 'Questions', panes: 'all', modes: pickEnvironment},
	'environment.cancel': {keys: ['escape'], description: 'Close the list of environments: the one in use stays', hint: 'cancel', group: 'Questions', panes: 'all', modes: pickEnvironment},
	'palette.up': {keys: ['up', 'ctrl+p'], description: 'The entry above', group: 'Palette', panes: 'all', modes: palette},
	'palette.down': {keys: ['down', 'ctrl+n'], description: 'The entry below', group: 'Palette', panes: 'all', modes: palette},
	'palette.pageUp': {keys: ['pageup'], description: 'A page of entries up', group: 'Palette', panes: 'all', modes: palette},
	'palette.pageDown': {keys: ['pagedown'], description: 'A page of entries down', group: 'Palette', panes: 'all', modes: palette},
	'palette.run': {keys: ['return'], description: 'Run the command in its pane (focused first), or select and show the request', hint: 'run/open', group: 'Palette', panes: 'all', modes: palette},
	'palette.close': {keys: ['escape', 'ctrl+c'], description: 'Close the palette', hint: 'close', group: 'Palette', panes: 'all', modes: palette},
	'help.clear': {keys: ['escape'], description: 'In the help, where typing filters the rows: clear the filter; with none, close the help', hint: 'clear/close', group: 'Help and messages', panes: 'all', modes: help},
	'pager.close': {keys: ['escape', 'q'], description: 'Close the messages (so does the key that opened them)', hint: 'close', group: 'Help and messages', panes: 'all', modes: pager},
} as const satisfies Record<string, Binding>;

export type Command = keyof typeof keymap;

export const commands = Object.keys(keymap) as Command[];

/**
Keys that tmux, screen's users, terminals or the tty take before curlew could see them,
or that users expect to keep their usual meaning.
*/
export const forbiddenKeys: ReadonlyMap<string, string> = new Map([
	['ctrl+b', 'the tmux prefix'],
	['ctrl+j', 'a newline to the terminal'],
	['ctrl+m', 'Enter to the terminal'],
	['ctrl+i', 'Tab to the terminal'],
	['ctrl+s', 'XOFF flow control (freezes output)'],
	['ctrl+q', 'XON flow control'],
	['ctrl+\\', 'SIGQUIT'],
	['ctrl+v', 'paste in several terminals'],
]);

/** Keys that keep a meaning the user expects outside a field; only the command named may bind them there. */
export const navigateReservedKeys: ReadonlyMap<string, {meaning: string; command: Command}> = new Map([
	['ctrl+z', {meaning: 'suspend to the shell (job control)', command: 'app.suspend'}],
]);

const index = buildIndex();

function buildIndex(): Map<string, Array<{command: Command; binding: Binding}>> {
	const byKey = new Map<string, Array<{command: Command; binding: Binding}>>();
	for (const command of commands) {
		const binding: Binding = keymap[command];
		for (const key of binding.keys) {
			byKey.set(key, [...byKey.get(key) ?? [], {command, binding}]);
		}
	}

	return byKey;
}

export function appliesTo(binding: Binding, pane: Pane, mode: Mode): boolean {
	return binding.modes.includes(mode) && (binding.panes === 'all' || binding.panes.includes(pane));
}

/** The command a key means in this pane and mode, if any. */
export function matchCommand(keyName: string, pane: Pane, mode: Mode): Command | undefined {
	return index.get(keyName)?.find(({binding}) => appliesTo(binding, pane, mode))?.command;
}

export function keysFor(command: Command): readonly string[] {
	return keymap[command].keys;
}

export function bindingOf(command: Command): Binding {
	return keymap[command];
}

/** The commands that apply in this pane and mode, in table order. */
export function commandsFor(pane: Pane, mode: Mode): Command[] {
	return commands.filter(command => appliesTo(keymap[command], pane, mode));
}

const keyLabels: Readonly<Record<string, string>> = {
	up: '↑',
	down: '↓',
	left: '←',
	right: '→',
	return: 'enter',
	escape: 'esc',
	pageup: 'pgup',
	pagedown: 'pgdn',
	backspace: 'bksp',
	delete: 'del',
};

/** A key name as the help and status bar show it: `ctrl+left` -> `ctrl+←`. */
export function keyLabel(keyName: string): string {
	const plus = keyName.lastIndexOf('+', keyName.length - 2);
	const base = keyName.slice(plus + 1);
	return keyName.slice(0, plus + 1) + (keyLabels[base] ?? base);
}
