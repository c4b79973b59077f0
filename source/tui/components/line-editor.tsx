/**
The one-line editor: the URL, and the short prompts (a name, a filter, a file path),
where ink-text-input would lose keys (see its test).

Entered with the cursor at the end. Enter calls `onSubmit` (or `onLeave` without one), Esc
calls `onLeave`, both with the final text; Esc then a key typed fast leaves, and the key
is for whatever has the keyboard next (see `useTextEditing`). Pasted newlines and tabs become spaces, and no key inside a
paste submits, leaves or acts: the terminal marks a paste once `enterFullscreen` has
turned bracketed paste on. Like `TextEditor`, it has the keyboard while active and passes
send and cancel to `onCommand`. A URL longer than the width scrolls sideways to keep the
cursor in view.
*/
import {useRef} from 'react';
import {Box, Text} from 'ink';
import {graphemesOf} from '../graphemes.js';
import type {Pane} from '../keymap.js';
import {splitAtCursor, visibleSlice, type TextBufferState} from '../text-buffer.js';
import {EditorRow, type PlaceholderState} from './editor-row.js';
import {useTextEditing, type TextEditingOptions} from './use-text-editing.js';

export type LineEditorProps = {
	/** The text to edit, read on mount; give the editor a new `key` to load another. */
	value: string;
	/** Terminal cells across. */
	width: number;
	/** The pane the editor sits in. Default 'request'. */
	pane?: Pane;
	/** Whether the editor has the keyboard and shows its cursor. Default true. */
	isActive?: boolean;
	/** After each stdin chunk that changed the text. */
	onChange?: (text: string) => void;
	/** Esc, with the final text. */
	onLeave: TextEditingOptions['onLeave'];
	/** Enter, with the final text. Default: `onLeave`. */
	onSubmit?: TextEditingOptions['onSubmit'];
	/** ctrl+r, ctrl+c (the keymap's commands that work while editing): see `useTextEditing`. */
	onCommand?: TextEditingOptions['onCommand'];
	/** Colours `{{placeholders}}` green when they resolve, red (and underlined) when not. */
	placeholderState?: (expression: string) => PlaceholderState;
	/** Dim text shown while the field is empty, such as `Filter by name`. */
	hint?: string;
	/** Shows a • for each character, as for a secret's value. Default false. */
	masked?: boolean;
};

export function LineEditor({
	value,
	width,
	pane = 'request',
	isActive = true,
	onChange,
	onLeave,
	onSubmit,
	onCommand,
	placeholderState,
	hint,
	masked = false,
}: LineEditorProps) {
	const state = useTextEditing({
		value,
		singleLine: true,
		pane,
		isActive,
		pageRows: 1,
		onEdit: onChange && (read => {
			onChange(read());
		}),
		onLeave,
		onSubmit,
		onCommand,
	});
	const shown = masked ? maskedState(state) : state;
	const scroll = useRef({scrollLeft: 0});
	const slice = visibleSlice(shown, {height: 1, width, ...scroll.current});
	scroll.current = {scrollLeft: slice.scrollLeft};
	const row = slice.rows[0] ?? {row: 0, start: 0, text: ''};

	return (
		<Box width={width} height={1}>
			<EditorRow
				line={shown.lines[0] ?? ''}
				start={row.start}
				text={row.text}
				cursorColumn={isActive ? slice.cursor.column : undefined}
				placeholderState={placeholderState}
			/>
			{hint !== undefined && row.text === '' && <Text dimColor wrap="truncate-end">{hint}</Text>}
		</Box>
	);
}

/** A • for each character (grapheme cluster), the cursor on the same one. */
function maskedState(state: TextBufferState): TextBufferState {
	const {before, under, after} = splitAtCursor(state);
	const dots = (text: string) => '•'.repeat(graphemesOf(text).length);
	return {...state, lines: [dots(before) + dots(under) + dots(after)], cursor: {row: 0, column: dots(before).length}};
}
