/** The request's headers, one per row (`[x] Name: value`, dimmed when off), and the header being typed. */
import {Box, Text} from 'ink';
import type {Request} from '../../../core/model.js';
import {useAppSelector} from '../../app-context.js';
import {editBox, headerIndent} from '../../field/field-box.js';
import {FieldView} from '../../field/field-view.js';
import {headerToLine} from './header-line.js';
import {layoutSourceOf} from '../../layout.js';

export function HeadersTab({request, width, rows, focused}: {request: Request; width: number; rows: number; focused: boolean}) {
	const mode = useAppSelector(state => state.mode);
	const row = useAppSelector(state => state.requestRow);
	const layoutSource = useAppSelector(layoutSourceOf);
	const editing = mode.kind === 'editing' && mode.target.kind === 'header' ? mode : undefined;
	const editingIndex = editing?.target.kind === 'header' ? editing.target.index : undefined;
	const lines = request.headers.map((header, index) => ({header, index}));
	// While a new header is typed, the › is on its row alone.
	const selected = editingIndex === 'new' ? -1 : Math.min(row, Math.max(0, lines.length - 1));
	const top = editingIndex === 'new' ? Math.max(0, lines.length + 1 - rows) : Math.max(0, Math.min(selected - rows + 1, lines.length - rows));
	const field = editing === undefined ? undefined : (
		<Box width={width}>
			<Text>{'›'.padEnd(headerIndent)}</Text>
			<FieldView field={editing.field} box={editBox(layoutSource, editing.target, request.method)}/>
		</Box>
	);
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{lines.length === 0 && editingIndex === undefined ? <Text dimColor wrap="truncate-end">No headers: a adds one (Name: value)</Text> : null}
			{lines.slice(Math.max(0, top), Math.max(0, top) + rows).map(({header, index}) => (
				editingIndex === index
					? <Box key={index}>{field}</Box>
					: (
						<Text key={index} wrap="truncate-end" inverse={focused && index === selected} dimColor={!header.enabled}>
							{index === selected ? '›' : ' '}[{header.enabled ? 'x' : ' '}] {headerToLine(header)}
						</Text>
					)
			))}
			{editingIndex === 'new' ? field : null}
		</Box>
	);
}
