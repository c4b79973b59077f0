/**
Colours of the response pane. Ink's chalk does not read NO_COLOR, so colours are left out
here when it is set (https://no-color.org: present and not empty); inverse and underline
stay, as they are not colour and mark the search matches.
*/
import type {TokenStyle} from './highlight.js';

export function colorsEnabled(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
	return env.NO_COLOR === undefined || env.NO_COLOR === '';
}

const tokenColors: Readonly<Record<TokenStyle, string | undefined>> = {
	plain: undefined,
	key: 'cyan',
	string: 'green',
	number: 'yellow',
	literal: 'magenta',
	punctuation: 'gray',
	muted: 'gray',
	info: 'blue',
	warning: 'yellow',
	error: 'red',
};

export function tokenColor(style: TokenStyle, colors: boolean): string | undefined {
	return colors ? tokenColors[style] : undefined;
}
