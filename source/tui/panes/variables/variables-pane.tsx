/**
The variables pane: every variable in effect for the selected collection and environment,
with the scope it comes from, its kind and its value (cut in the middle, so both ends show);
secrets masked. The inspector shows the selected one whole (see inspector-document.ts),
beside the list when the pane is wide and over it while the keys are in it; a value edited
as JSON is typed here, on as many lines as the pane has.
*/
import {Box, Text} from 'ink';
import stringWidth from 'string-width';
import type {EffectiveVariable} from '../../../core/scopes.js';
import {oneLine} from '../../../core/visible-text.js';
import {useAppSelector, useCollections, useWorld} from '../../app-context.js';
import type {Mode, PromptPurpose} from '../../app-state.js';
import {colorsEnabled} from '../../color-support.js';
import {FieldView} from '../../field/field-view.js';
import {isPaneField} from '../../field/prompt-purposes.js';
import {PaneFrame, type PaneProps} from '../pane-frame.js';
import {tokenColor} from '../response/palette.js';
import {describe} from './describe-variable.js';
import {inspectorOf} from './inspector-of.js';
import type {InspectorDocument} from './inspector-document.js';
import {variablesAreas, type Area} from './pane-areas.js';
import {scopeColor, scopeTag} from './scope-tags.js';
import {shownVariables} from './shown-variables.js';
import {fitMiddle, showValue} from './show-value.js';
import {selectedRow} from './variable-selection.js';

type PaneField = Extract<Mode, {kind: 'prompt'}> & {purpose: Extract<PromptPurpose, {kind: 'variable-value'}>};

export function VariablesPane(props: PaneProps) {
	const {focused} = props;
	const collections = useCollections();
	const world = useWorld();
	const selection = useAppSelector(state => state.selection);
	const {collectionId} = selection;
	const environments = useAppSelector(state => state.environments);
	const selectedVariable = useAppSelector(state => state.selectedVariable);
	const revealSecrets = useAppSelector(state => state.revealSecrets);
	const top = useAppSelector(state => state.listTops.variables);
	const variableFilter = useAppSelector(state => state.variableFilter);
	const inspector = useAppSelector(state => state.inspector);
	const field = useAppSelector(state => (state.mode.kind === 'prompt' && isPaneField(state.mode.purpose) ? state.mode as PaneField : undefined));
	const collection = collections.find(candidate => candidate.id === collectionId);
	if (collection === undefined) {
		return (
			<PaneFrame {...props} title="Variables">
				<Text dimColor wrap="truncate-end">Select a collection</Text>
			</PaneFrame>
		);
	}

	const environment = collection.environments.find(candidate => candidate.id === environments[collection.id]);
	const detail = [environment === undefined ? undefined : `[${environment.name}]`, revealSecrets ? 'secrets shown' : undefined].filter(Boolean).join(' ');
	const areas = variablesAreas(props, {inspecting: inspector !== undefined, filtering: variableFilter !== ''});
	if (field !== undefined) {
		return (
			<PaneFrame {...props} title="Variables" detail={detail}>
				<Text wrap="truncate-end"><Text bold>{oneLine(field.label)}</Text><Text dimColor> · esc saves</Text></Text>
				<FieldView field={field.field} box={areas.field} masked={field.purpose.variable.secret === true && !revealSecrets}/>
			</PaneFrame>
		);
	}

	const variables = shownVariables(world, {environments, variableFilter, selection}, collection);
	const selected = selectedRow(variables, selectedVariable);
	const current = variables[selected];
	const document = current === undefined || areas.inspector === undefined ? undefined : inspectorOf({environments, revealSecrets, selection}, world, collection, current, areas.inspector.width);
	const list = areas.list === undefined ? null : (
		<VariableRows variables={variables} area={areas.list} top={top} selected={selected} highlighted={focused && inspector === undefined} reveal={revealSecrets} filtered={variableFilter !== ''}/>
	);
	const inspectorView = document === undefined || areas.inspector === undefined ? null : (
		<InspectorView document={document} area={areas.inspector} top={inspector?.top ?? 0} cursor={focused ? inspector?.line : undefined}/>
	);
	return (
		<PaneFrame {...props} title="Variables" detail={detail}>
			{areas.filterRow ? <FilterLine filter={variableFilter}/> : null}
			{list !== null && inspectorView !== null
				? (
					<Box flexDirection="row" flexGrow={1}>
						<Box flexDirection="column" width={areas.list!.width} flexShrink={0}>{list}</Box>
						<Box flexDirection="column" width={1} flexShrink={0}><Text dimColor>{'│\n'.repeat(areas.inspector!.rows).trimEnd()}</Text></Box>
						<Box flexDirection="column" flexGrow={1}>{inspectorView}</Box>
					</Box>
				)
				: list ?? inspectorView}
			{areas.describeRow && current !== undefined ? <><Box flexGrow={1}/><Text dimColor wrap="truncate-end">{describe(current)}</Text></> : null}
		</PaneFrame>
	);
}

function FilterLine({filter}: {filter: string}) {
	return (
		<Box>
			<Box flexShrink={1}>
				<Text dimColor wrap="truncate-end">filter: {oneLine(filter)}</Text>
			</Box>
			<Box flexShrink={0}>
				<Text dimColor> (esc clears)</Text>
			</Box>
		</Box>
	);
}

type VariableRowsProps = {
	variables: readonly EffectiveVariable[];
	area: Area;
	top: number;
	selected: number;
	/** Whether the selected row is drawn in inverse: the keys move through the list. */
	highlighted: boolean;
	reveal: boolean;
	filtered: boolean;
};

/** The rows of variables in sight: a scope's letter, the name, and the value in the cells left. */
function VariableRows({variables, area, top, selected, highlighted, reveal, filtered}: VariableRowsProps) {
	const colors = colorsEnabled();
	if (variables.length === 0) {
		return <Text dimColor wrap="truncate-end">{filtered ? 'No variable\'s name has the filter' : 'None yet: n adds one'}</Text>;
	}

	// Names take up to two fifths of the row, so a long one leaves its value room.
	const nameWidth = Math.min(Math.max(8, Math.floor(area.width * 0.4)), Math.max(4, ...variables.map(variable => stringWidth(variable.name))));
	// The scope's letter and the spaces after it and after the name take 3 cells.
	const valueCells = Math.max(1, area.width - 3 - nameWidth);
	return variables.slice(top, top + area.rows).map((variable, index) => {
		const isSelected = top + index === selected;
		const name = fitMiddle(variable.name, nameWidth);
		return (
			<Text key={`${variable.scope}:${variable.name}`} wrap="truncate-end" inverse={highlighted && isSelected} bold={!highlighted && isSelected}>
				<Text color={colors ? scopeColor(variable.scope) : undefined}>{scopeTag(variable.scope)}</Text>
				{' '}{name}{' '.repeat(Math.max(0, nameWidth - stringWidth(name)))} <Text dimColor={variable.secret === true && !reveal}>{showValue(variable.value, {secret: variable.secret, reveal, cells: valueCells})}</Text>
			</Text>
		);
	});
}

/** The inspector's rows in sight, the cursor's line in inverse while the keys are in it. */
function InspectorView({document, area, top, cursor}: {document: InspectorDocument; area: Area; top: number; cursor: number | undefined}) {
	const colors = colorsEnabled();
	return document.slice(top, area.rows).map((row, index) => (
		// Rows have no identity beyond their place on screen.
		<Text key={index} wrap="truncate-end" inverse={cursor !== undefined && row.line === cursor}>
			{row.segments.length === 0 ? ' ' : row.segments.map((segment, at) => (
				<Text key={at} color={tokenColor(segment.style, colors)} dimColor={!colors && segment.style === 'muted'}>{segment.text}</Text>
			))}
		</Text>
	));
}
