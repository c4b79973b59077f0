/**
The open field as drawn: the rows of its text buffer that fit its box, scrolled as the keys
left it (see `field-keys.ts`), with the cursor over a whole cluster and placeholders coloured
by whether they resolve. Only the visible rows are read, and of a long line only the columns
that fit, so a body of megabytes draws as fast as a short one.
*/
import {Box, Text} from 'ink';
import type {FieldState} from '../app-state.js';
import {graphemesOf} from '../graphemes.js';
import {splitAtCursor, visibleSlice, type TextBufferState} from '../text-buffer.js';
import {EditorRow, type PlaceholderState} from './editor-row.js';
import type {FieldBox} from './field-keys.js';

export type FieldViewProps = {
	field: FieldState;
	box: FieldBox;
	/** Colours `{{placeholders}}` green when they resolve, red (and underlined) when not. */
	placeholderState?: (expression: string) => PlaceholderState;
	/** Dim text shown while the field is empty, such as `Filter by name`. */
	hint?: string;
	/** Shows a • for each character, as for a secret's value. */
	masked?: boolean;
	/** Draws only as wide as the text, not the whole box: a hint may follow on the row. */
	fitToText?: boolean;
};

export function FieldView({field, box, placeholderState, hint, masked = false, fitToText = false}: FieldViewProps) {
	const shown = masked ? maskedState(field.buffer) : field.buffer;
	// A masked text has other offsets than the one the scroll was kept for: it is scrolled afresh to its cursor.
	const slice = visibleSlice(shown, masked ? box : {...box, scrollTop: field.scrollTop, scrollLeft: field.scrollLeft});
	const rows = slice.rows.map((row, index) => (
		<EditorRow
			key={row.row}
			line={shown.lines[row.row] ?? ''}
			start={row.start}
			text={row.text}
			cursorColumn={index === slice.cursor.row ? slice.cursor.column : undefined}
			placeholderState={placeholderState}
		/>
	));
	if (box.height === 1) {
		const empty = slice.rows[0]?.text === '';
		return (
			<Box width={fitToText ? undefined : box.width} height={1} flexShrink={0}>
				{rows}
				{hint !== undefined && empty && <Text dimColor wrap="truncate-end">{hint}</Text>}
			</Box>
		);
	}

	return (
		<Box flexDirection="column" width={box.width} height={box.height}>
			{rows}
		</Box>
	);
}

/** A • for each character (grapheme cluster), the cursor on the same one. */
function maskedState(state: TextBufferState): TextBufferState {
	const {before, under, after} = splitAtCursor(state);
	const dots = (text: string) => '•'.repeat(graphemesOf(text).length);
	return {...state, lines: [dots(before) + dots(under) + dots(after)], cursor: {row: 0, column: dots(before).length}};
}
