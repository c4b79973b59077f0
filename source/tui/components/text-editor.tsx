/**
The multi-line editor for bodies and scripts.

It keeps its own text buffer (cursor, undo) so that typing re-renders this component
alone; the app hears of the text through `onEdit` (once per stdin chunk that changed
it, with a way to read it) and `onLeave` (Esc, with the final text). Only the rows that
fit are drawn, and of a long line only the columns that fit.

While it is active the editor has the keyboard (see `keyboard.ts`), and hands the app, in
order, the commands that work while editing (ctrl+r send, ctrl+c cancel) through `onCommand`.
*/
import {useRef} from 'react';
import {Box} from 'ink';
import type {Command, Pane} from '../keymap.js';
import {visibleSlice} from '../text-buffer.js';
import {EditorRow, type PlaceholderState} from './editor-row.js';
import {useTextEditing} from './use-text-editing.js';

export type TextEditorProps = {
	/** The text to edit, read on mount; give the editor a new `key` to load another. */
	value: string;
	/** Terminal cells across. */
	width: number;
	/** Rows shown; the view scrolls to follow the cursor. */
	height: number;
	/** The pane the editor sits in. Default 'request'. */
	pane?: Pane;
	/** Whether the editor has the keyboard and shows its cursor. Default true. */
	isActive?: boolean;
	/** After each stdin chunk that changed the text; `read()` gives it (see `useTextEditing`). */
	onEdit?: (read: () => string) => void;
	/** Esc, with the final text. */
	onLeave: (text: string) => void;
	/** ctrl+r, ctrl+c (the keymap's commands that work while editing), with the current text. */
	onCommand?: (command: Command, text: string) => void;
	/** Colours `{{placeholders}}` by whether they resolve; none are coloured without it. */
	placeholderState?: (expression: string) => PlaceholderState;
};

export function TextEditor({
	value,
	width,
	height,
	pane = 'request',
	isActive = true,
	onEdit,
	onLeave,
	onCommand,
	placeholderState,
}: TextEditorProps) {
	const state = useTextEditing({
		value,
		singleLine: false,
		pane,
		isActive,
		pageRows: Math.max(1, height - 1),
		onEdit,
		onLeave,
		onCommand,
	});
	const scroll = useRef({scrollTop: 0, scrollLeft: 0});
	const slice = visibleSlice(state, {height, width, ...scroll.current});
	scroll.current = {scrollTop: slice.scrollTop, scrollLeft: slice.scrollLeft};

	return (
		<Box flexDirection="column" width={width} height={height}>
			{slice.rows.map((row, index) => (
				<EditorRow
					key={row.row}
					line={state.lines[row.row] ?? ''}
					start={row.start}
					text={row.text}
					cursorColumn={isActive && index === slice.cursor.row ? slice.cursor.column : undefined}
					placeholderState={placeholderState}
				/>
			))}
		</Box>
	);
}
