/**
Colours of the response pane's tokens. Under NO_COLOR (see `color-support.ts`) none are
given; inverse and underline stay, as they are not colour and mark the search matches.
*/
import type {TokenStyle} from './highlight.js';

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
