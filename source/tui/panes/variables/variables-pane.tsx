/**
The variables pane: every variable in effect for the selected collection and environment,
with the scope it comes from (collection, environment, runtime), its kind and its value;
secrets masked.
*/
import {Box, Text} from 'ink';
import stringWidth from 'string-width';
import type {EffectiveVariable, Scope} from '../../../core/scopes.js';
import {kindOf} from '../../../core/values.js';
import {useAppSelector, useCollections, useWorld} from '../../app-context.js';
import {colorsEnabled} from '../../color-support.js';
import type {PaneProps} from '../collections/collections-pane.js';
import {contentRows, PaneFrame} from '../pane-frame.js';
import {showValue} from './show-value.js';
import {selectedRow} from './variable-selection.js';

const scopeTags: Readonly<Record<Scope, string>> = {collection: 'C', environment: 'E', folder: 'F', request: 'Q', runtime: 'R'};
const scopeColors: Readonly<Record<Scope, string>> = {collection: 'blue', environment: 'magenta', folder: 'green', request: 'cyan', runtime: 'yellow'};

export function VariablesPane({width, height, focused}: PaneProps) {
	const collections = useCollections();
	const world = useWorld();
	const collectionId = useAppSelector(state => state.selection.collectionId);
	const environmentId = useAppSelector(state => (collectionId === undefined ? undefined : state.environments[collectionId]));
	const selectedVariable = useAppSelector(state => state.selectedVariable);
	const reveal = useAppSelector(state => state.revealSecrets);
	const top = useAppSelector(state => state.listTops.variables);
	const collection = collections.find(candidate => candidate.id === collectionId);
	const rowsShown = Math.max(1, contentRows(height) - 1);
	const colors = colorsEnabled();
	if (collection === undefined) {
		return (
			<PaneFrame title="Variables" focused={focused} width={width} height={height}>
				<Text dimColor wrap="truncate-end">Select a collection</Text>
			</PaneFrame>
		);
	}

	const variables = world.variablesInEffect(collection, environmentId);
	const selected = selectedRow(variables, selectedVariable);
	const current = variables[selected];
	const nameWidth = Math.min(16, Math.max(4, ...variables.map(variable => stringWidth(variable.name))));
	return (
		<PaneFrame title="Variables" detail={reveal ? 'secrets shown' : undefined} focused={focused} width={width} height={height}>
			{variables.length === 0 ? <Text dimColor wrap="truncate-end">None yet: n adds one</Text> : null}
			{variables.slice(top, top + rowsShown).map((variable, index) => {
				const isSelected = top + index === selected;
				const nameCells = stringWidth(variable.name);
				// The border, the scope tag and the spaces after it and after the name take 5 cells.
				const valueCells = width - 5 - Math.max(nameWidth, nameCells);
				return (
					<Text key={variable.name} wrap="truncate-end" inverse={focused && isSelected}>
						<Text color={colors ? scopeColors[variable.scope] : undefined}>{scopeTags[variable.scope]}</Text>
						{' '}{variable.name}{' '.repeat(Math.max(0, nameWidth - nameCells))} <Text dimColor={variable.secret === true && !reveal}>{showValue(variable.value, {secret: variable.secret, reveal, cells: valueCells})}</Text>
					</Text>
				);
			})}
			<Box flexGrow={1}/>
			{current === undefined ? null : <Text dimColor wrap="truncate-end">{describe(current)}</Text>}
		</PaneFrame>
	);
}

function describe(variable: EffectiveVariable): string {
	const parts: string[] = [variable.scope, kindOf(variable.value)];
	if (variable.secret) {
		parts.push('secret');
	}

	if (variable.shadows.length > 0) {
		parts.push(`hides ${variable.shadows.join(', ')}'s`);
	}

	return parts.join(' · ');
}
