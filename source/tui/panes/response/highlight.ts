/**
Colours for the rows on screen, worked out when they are drawn: a 50 MB body is never
tokenised as a whole, only the lines in view (and a long line's tokens are kept, so
scrolling along it does not tokenise it again).
*/
import type {Search} from './viewport.js';
import {lineOfOffset, lineStart, lineText, type TextDocument} from './text-document.js';

export type TokenStyle = 'plain' | 'key' | 'string' | 'number' | 'literal' | 'punctuation' | 'muted' | 'info' | 'warning' | 'error';

/** Offsets are within the line. */
export type Token = {start: number; end: number; style: TokenStyle};

export type Segment = {text: string; style: TokenStyle; match?: 'current' | 'other'};

/** Where a string literal opening at `start` ends (past its quote), or the line's end when it does not close. */
function stringEnd(line: string, start: number): number {
	for (let index = start + 1; index < line.length; index++) {
		const character = line[index];
		if (character === '\\') {
			index++;
		} else if (character === '"') {
			return index + 1;
		}
	}

	return line.length;
}

const numberRun = /-?\d[\d.eE+-]*/y;
const literalRun = /true|false|null/y;
const plainRun = /[^\s"{}[\],:\d-]+|\s+/y;

function jsonTokens(line: string): Token[] {
	const tokens: Token[] = [];
	let index = 0;
	while (index < line.length) {
		const character = line[index]!;
		let end: number;
		let style: TokenStyle;
		if (character === '"') {
			end = stringEnd(line, index);
			let after = end;
			while (line[after] === ' ') {
				after++;
			}

			style = line[after] === ':' ? 'key' : 'string';
		} else if ('{}[],:'.includes(character)) {
			end = index + 1;
			style = 'punctuation';
		} else {
			numberRun.lastIndex = index;
			literalRun.lastIndex = index;
			plainRun.lastIndex = index;
			if (numberRun.test(line)) {
				end = numberRun.lastIndex;
				style = 'number';
			} else if (literalRun.test(line)) {
				end = literalRun.lastIndex;
				style = 'literal';
			} else {
				end = plainRun.test(line) ? plainRun.lastIndex : index + 1;
				style = 'plain';
			}
		}

		tokens.push({start: index, end, style});
		index = end;
	}

	return tokens;
}

const consoleLevels: Readonly<Record<string, TokenStyle>> = {log: 'muted', info: 'info', warn: 'warning', error: 'error'};

function consoleTokens(line: string): Token[] {
	const level = /^(log|info|warn|error)\b/.exec(line)?.[1];
	if (level === undefined) {
		return [{start: 0, end: line.length, style: 'plain'}];
	}

	const style = consoleLevels[level]!;
	return [{start: 0, end: level.length, style}, {start: level.length, end: line.length, style: style === 'muted' ? 'plain' : style}];
}

function headerTokens(line: string): Token[] {
	const colon = line.indexOf(':');
	if (colon === -1) {
		return [{start: 0, end: line.length, style: 'plain'}];
	}

	return [{start: 0, end: colon, style: 'key'}, {start: colon, end: colon + 1, style: 'punctuation'}, {start: colon + 1, end: line.length, style: 'plain'}];
}

function hexTokens(line: string): Token[] {
	const bar = line.indexOf('|');
	const offsetEnd = Math.min(8, line.length);
	if (bar === -1) {
		return [{start: 0, end: offsetEnd, style: 'muted'}, {start: offsetEnd, end: line.length, style: 'plain'}];
	}

	return [{start: 0, end: offsetEnd, style: 'muted'}, {start: offsetEnd, end: bar, style: 'plain'}, {start: bar, end: line.length, style: 'muted'}];
}

export function tokenize(line: string, syntax: TextDocument['syntax']): Token[] {
	switch (syntax) {
		case 'json': {
			return jsonTokens(line);
		}

		case 'console': {
			return consoleTokens(line);
		}

		case 'headers': {
			return headerTokens(line);
		}

		case 'hex': {
			return hexTokens(line);
		}

		case 'plain': {
			return [{start: 0, end: line.length, style: 'plain'}];
		}
	}
}

const longLine = 2000;
const tokenCache = new WeakMap<TextDocument, Map<number, Token[]>>();

function lineTokens(document: TextDocument, line: number): Token[] {
	const text = lineText(document, line);
	if (text.length < longLine) {
		return tokenize(text, document.syntax);
	}

	let cache = tokenCache.get(document);
	if (cache === undefined) {
		cache = new Map();
		tokenCache.set(document, cache);
	}

	let tokens = cache.get(line);
	if (tokens === undefined) {
		if (cache.size > 100) {
			cache.clear();
		}

		tokens = tokenize(text, document.syntax);
		cache.set(line, tokens);
	}

	return tokens;
}

type MatchRange = {start: number; end: number; current: boolean};

/** Matches overlapping [start, end) of the text, clipped to it; found by binary search, not by scanning. */
function matchesIn(search: Search | undefined, start: number, end: number): MatchRange[] {
	const offsets = search?.matches.offsets;
	if (search === undefined || offsets === undefined || offsets.length === 0) {
		return [];
	}

	const {ends} = search.matches;
	let low = 0;
	let high = offsets.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (ends[middle]! <= start) {
			low = middle + 1;
		} else {
			high = middle;
		}
	}

	const ranges: MatchRange[] = [];
	for (let index = low; index < offsets.length && offsets[index]! < end; index++) {
		const offset = offsets[index]!;
		ranges.push({start: Math.max(start, offset), end: Math.min(end, ends[index]!), current: index === search.current});
	}

	return ranges;
}

/** The styled pieces of the document's text in [start, end) (one row on screen), with search matches marked. */
export function rowSegments(document: TextDocument, start: number, end: number, search?: Search): Segment[] {
	const line = lineOfOffset(document, start);
	const base = lineStart(document, line);
	const text = lineText(document, line);
	const slice = (from: number, to: number): string => text.slice(from - base, to - base);
	const matches = matchesIn(search, start, end);
	const segments: Segment[] = [];
	let matchIndex = 0;
	for (const token of lineTokens(document, line)) {
		let from = Math.max(start, base + token.start);
		const to = Math.min(end, base + token.end);
		while (from < to) {
			const match = matches[matchIndex];
			if (match === undefined || match.start >= to) {
				segments.push({text: slice(from, to), style: token.style});
				break;
			}

			if (match.start > from) {
				segments.push({text: slice(from, match.start), style: token.style});
				from = match.start;
			}

			const matchEnd = Math.min(to, match.end);
			segments.push({text: slice(from, matchEnd), style: token.style, match: match.current ? 'current' : 'other'});
			from = matchEnd;
			if (matchEnd === match.end) {
				matchIndex++;
			}
		}
	}

	return segments;
}
