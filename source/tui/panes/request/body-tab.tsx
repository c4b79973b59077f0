/** The request's body: its lines scrolled with j/k, or the body being typed. */
import {Box, Text} from 'ink';
import type {Request} from '../../../core/model.js';
import {useAppSelector} from '../../app-context.js';
import {ShownLine, type PlaceholderState} from '../../field/editor-row.js';
import {editBox} from '../../field/field-box.js';
import {FieldView} from '../../field/field-view.js';
import {keptForOtherTypes} from './body-type.js';
import {bodyLines, bodyRows, scrolledLines} from './tab-lines.js';
import {layoutSourceOf} from '../../layout.js';

export function BodyTab({request, width, rows, placeholderState}: {request: Request; width: number; rows: number; placeholderState: (expression: string) => PlaceholderState}) {
	const mode = useAppSelector(state => state.mode);
	const row = useAppSelector(state => state.requestRow);
	const layoutSource = useAppSelector(layoutSourceOf);
	if (mode.kind === 'editing' && mode.target.kind === 'body') {
		return <FieldView field={mode.field} box={editBox(layoutSource, mode.target, request.method)} placeholderState={placeholderState}/>;
	}

	// The last row says what the body keeps for other types, when there is room for it.
	const lineRows = bodyRows(request.body, rows);
	const kept = lineRows < rows ? <Text dimColor wrap="truncate-end">{keptForOtherTypes(request.body)}</Text> : null;
	if (request.body.type === 'none') {
		return (
			<Box flexDirection="column" width={width} height={rows}>
				<Text dimColor wrap="truncate-end">No body: t picks a type (JSON, text, form), enter types one</Text>
				{kept}
			</Box>
		);
	}

	const lines = bodyLines(request.body);
	const {top, shown, where} = scrolledLines(lines.length, lineRows, row);
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{lines.length === 0 ? <Text dimColor wrap="truncate-end">Empty {request.body.type === 'form' ? 'form (name=value per line)' : 'body'}: enter to type, e for $EDITOR</Text> : null}
			{lines.slice(top, top + shown).map((line, index) => (
				<ShownLine key={top + index} line={line} width={width} placeholderState={placeholderState}/>
			))}
			{where === undefined ? null : <Text dimColor wrap="truncate-end">{where}</Text>}
			{kept}
		</Box>
	);
}
