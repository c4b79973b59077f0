/**
One visible row of a text editor: the cursor in inverse, and placeholders coloured by
whether they resolve (underlined when unresolved, so NO_COLOR still tells them apart).
*/
import {Text} from 'ink';
import {colorsEnabled} from '../color-support.js';
import {placeholderSpans} from '../placeholder-spans.js';
import {graphemesOf} from '../graphemes.js';
import {codePointLength, displayOf} from '../text-buffer.js';

export type PlaceholderState = 'resolved' | 'unresolved';

export type EditorRowProps = {
	/** The whole line, for finding placeholders that start left of the view. */
	line: string;
	/** The clusters shown, from code point `scrollLeft`. */
	text: string;
	scrollLeft: number;
	/** Where to draw the cursor, in code points from the row's start; undefined for none. It covers the whole cluster there. */
	cursorColumn: number | undefined;
	placeholderState?: (expression: string) => PlaceholderState;
};

type Style = {placeholder?: PlaceholderState; cursor?: boolean};

type Segment = {text: string; style: Style};

export function EditorRow({line, text, scrollLeft, cursorColumn, placeholderState}: EditorRowProps) {
	const segments = segmentsOf({line, text, scrollLeft, cursorColumn, placeholderState});
	const colors = colorsEnabled();
	return (
		<Text wrap="truncate-end">
			{segments.map((segment, index) => (
				<Text
					// Segments have no identity beyond their order in the row.
					key={index}
					inverse={segment.style.cursor}
					color={colors ? colorOf(segment.style.placeholder) : undefined}
					underline={segment.style.placeholder === 'unresolved'}
				>
					{segment.text}
				</Text>
			))}
		</Text>
	);
}

function colorOf(state: PlaceholderState | undefined): string | undefined {
	if (state === undefined) {
		return undefined;
	}

	return state === 'resolved' ? 'green' : 'red';
}

function segmentsOf({line, text, scrollLeft, cursorColumn, placeholderState}: EditorRowProps): Segment[] {
	const length = codePointLength(text);
	const placeholders = new Array<PlaceholderState | undefined>(length);
	if (placeholderState !== undefined && line.includes('{{')) {
		for (const span of placeholderSpans(line)) {
			const state = placeholderState(span.expression);
			for (let index = Math.max(span.start, scrollLeft); index < Math.min(span.end, scrollLeft + length); index++) {
				placeholders[index - scrollLeft] = state;
			}
		}
	}

	const segments: Segment[] = [];
	const push = (character: string, style: Style) => {
		const last = segments.at(-1);
		if (last !== undefined && last.style.cursor === style.cursor && last.style.placeholder === style.placeholder) {
			last.text += character;
		} else {
			segments.push({text: character, style});
		}
	};

	let index = 0;
	for (const cluster of graphemesOf(text)) {
		const size = codePointLength(cluster);
		const cursor = cursorColumn !== undefined && cursorColumn >= index && cursorColumn < index + size;
		push(displayOf(cluster), {placeholder: placeholders[index], cursor});
		index += size;
	}

	if (cursorColumn !== undefined && cursorColumn >= length) {
		push(' ', {cursor: true});
	}

	// Ink gives an empty Text no height: an empty row would vanish and the rows below move up.
	return segments.length === 0 ? [{text: ' ', style: {}}] : segments;
}
