/** The four scripts of the request, with the start of the selected one; or the script being typed. */
import {Box, Text} from 'ink';
import type {Collection, Request} from '../../../core/model.js';
import {useAppSelector} from '../../app-context.js';
import {editBox} from '../../field/field-box.js';
import {FieldView} from '../../field/field-view.js';
import {scriptLabel, scriptSlots, scriptText} from './script-slots.js';
import {layoutSourceOf} from '../../layout.js';
import {requestDetailsSummary} from '../../../core/formats/request-details.js';
import {oneLine} from '../../../core/visible-text.js';

export function ScriptsTab({collection, request, width, rows, focused}: {collection: Collection; request: Request; width: number; rows: number; focused: boolean}) {
	const mode = useAppSelector(state => state.mode);
	const row = useAppSelector(state => state.requestRow);
	const layoutSource = useAppSelector(layoutSourceOf);
	if (mode.kind === 'editing' && mode.target.kind === 'script') {
		return (
			<Box flexDirection="column" width={width} height={rows}>
				<Text bold wrap="truncate-end">{scriptLabel(mode.target.slot)} <Text dimColor>(esc to leave)</Text></Text>
				<FieldView field={mode.field} box={editBox(layoutSource, mode.target, request.method)}/>
			</Box>
		);
	}

	const selected = Math.min(row, scriptSlots.length - 1);
	const preview = scriptText(collection, request, scriptSlots[selected]!).split('\n');
	// What runs beside the scripts, which o edits: assertions, post-response variables, auth.
	const details = requestDetailsSummary(request);
	const previewRows = Math.max(0, rows - scriptSlots.length - (details === undefined ? 0 : 1));
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{scriptSlots.map((candidate, index) => {
				const lines = scriptText(collection, request, candidate).split('\n');
				const count = lines.length === 1 && lines[0] === '' ? 'empty' : `${lines.length} line${lines.length === 1 ? '' : 's'}`;
				return (
					<Text key={index} wrap="truncate-end" inverse={focused && index === selected}>
						{index === selected ? '›' : ' '}{scriptLabel(candidate)} <Text dimColor>({count})</Text>
					</Text>
				);
			})}
			{details === undefined ? null : <Text dimColor wrap="truncate-end"> <Text bold>o</Text> edits: {oneLine(details)}</Text>}
			{preview.slice(0, previewRows).map((line, index) => (
				<Text key={`line-${index}`} dimColor wrap="truncate-end">  {line}</Text>
			))}
		</Box>
	);
}
