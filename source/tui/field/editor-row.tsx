/**
One visible row of a text editor: the cursor in inverse, and placeholders coloured by
whether they resolve (underlined when unresolved, so NO_COLOR still tells them apart).
*/
import {Text} from 'ink';
import {colorsEnabled} from '../color-support.js';
import {placeholderSpans} from '../placeholder-spans.js';
import {graphemesOf} from '../graphemes.js';
import {displayOf, textThatFits} from '../text-buffer.js';

export type PlaceholderState = 'resolved' | 'unresolved';

export type EditorRowProps = {
	/** The whole line, for finding placeholders that start left of the view or end right of it. */
	line: string;
	/** The UTF-16 offset in `line` where `text` starts. */
	start: number;
	/** The clusters shown: only what fits the row, however long the line. */
	text: string;
	/** Where to draw the cursor, in UTF-16 units from the start of `text`; undefined for none. It covers the whole cluster there. */
	cursorColumn: number | undefined;
	placeholderState?: (expression: string) => PlaceholderState;
};

type Style = {placeholder?: PlaceholderState; cursor?: boolean};

type Segment = {text: string; style: Style};

export function EditorRow({line, start, text, cursorColumn, placeholderState}: EditorRowProps) {
	const segments = segmentsOf({line, start, text, cursorColumn, placeholderState});
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

/**
A line of a field that is not being edited: its start, as much as fits in `width` cells,
with a … in the last cell when it goes on. Only that start is read, so a minified body of
one line draws as fast as a short one.
*/
export function ShownLine({line, width, placeholderState}: {line: string; width: number; placeholderState?: EditorRowProps['placeholderState']}) {
	const whole = textThatFits(line, 0, width);
	// The … stands in the cell of the first character it hides, and takes its colour.
	const text = whole.length < line.length ? `${textThatFits(line, 0, width - 1)}…` : whole;
	return <EditorRow line={line} start={0} text={text} cursorColumn={undefined} placeholderState={placeholderState}/>;
}

function colorOf(state: PlaceholderState | undefined): string | undefined {
	if (state === undefined) {
		return undefined;
	}

	return state === 'resolved' ? 'green' : 'red';
}

function segmentsOf({line, start, text, cursorColumn, placeholderState}: EditorRowProps): Segment[] {
	const spans = placeholderState === undefined ? [] : placeholderSpans(line, start, start + text.length).map(span => ({...span, state: placeholderState(span.expression)}));
	const segments: Segment[] = [];
	const push = (character: string, style: Style) => {
		const last = segments.at(-1);
		if (last !== undefined && last.style.cursor === style.cursor && last.style.placeholder === style.placeholder) {
			last.text += character;
		} else {
			segments.push({text: character, style});
		}
	};

	// Spans are in order: the one a cluster may stand in is the first not yet passed.
	let column = 0;
	let span = 0;
	for (const cluster of graphemesOf(text)) {
		while (span < spans.length && spans[span]!.end <= start + column) {
			span++;
		}

		const placeholder = span < spans.length && spans[span]!.start <= start + column ? spans[span]!.state : undefined;
		const cursor = cursorColumn !== undefined && cursorColumn >= column && cursorColumn < column + cluster.length;
		push(displayOf(cluster), {placeholder, cursor});
		column += cluster.length;
	}

	if (cursorColumn !== undefined && cursorColumn >= text.length) {
		push(' ', {cursor: true});
	}

	// Ink gives an empty Text no height: an empty row would vanish and the rows below move up.
	return segments.length === 0 ? [{text: ' ', style: {}}] : segments;
}
