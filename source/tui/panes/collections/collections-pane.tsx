/**
The collections pane: a tree of collections and their requests, with the environment of the
selected collection in its title; while `e`'s list is open, that list in the tree's place.
*/
import {Box, Text} from 'ink';
import type {Collection} from '../../../core/model.js';
import {oneLine} from '../../../core/visible-text.js';
import {useAppSelector, useCollections} from '../../app-context.js';
import {colorsEnabled} from '../../color-support.js';
import {selectedRowIndex, treeRows, type TreeRow} from './collection-tree.js';
import {methodColor} from '../request/method-color.js';
import {environmentChoices} from './environment-picker.js';
import {contentSize} from '../../layout.js';
import {PaneFrame, type PaneProps} from '../pane-frame.js';
import {collectionsDetail, paneTitles} from '../pane-heading.js';

export function CollectionsPane(props: PaneProps) {
	const {focused} = props;
	const collections = useCollections();
	const filter = useAppSelector(state => state.filter);
	const collapsed = useAppSelector(state => state.collapsed);
	const selection = useAppSelector(state => state.selection);
	const environments = useAppSelector(state => state.environments);
	const top = useAppSelector(state => state.listTops.collections);
	const picking = useAppSelector(state => (state.mode.kind === 'pick-environment' ? state.mode : undefined));
	const rows = treeRows(collections, {filter, collapsed});
	const selected = selectedRowIndex(rows, selection);
	const visibleRows = contentSize(props).height - (filter === '' ? 0 : 1);
	const colors = colorsEnabled();
	const pickedFrom = picking === undefined ? undefined : collections.find(candidate => candidate.id === picking.collectionId);

	return (
		<PaneFrame {...props} title={paneTitles.collections} detail={collectionsDetail(collections, {selection, environments})}>
			{pickedFrom !== undefined && picking !== undefined
				? <EnvironmentList collection={pickedFrom} selected={picking.selected} inUse={environments[pickedFrom.id]} rows={contentSize(props).height}/>
				: <>
					{filter === '' ? null : <FilterLine filter={filter}/>}
			{rows.length === 0
				? <Text dimColor wrap="truncate-end">{collections.length === 0 ? 'None yet: N creates one' : 'Nothing matches the filter'}</Text>
				: rows.slice(top, top + visibleRows).map((row, index) => (
					<TreeLine key={rowKey(row)} row={row} isSelected={top + index === selected} focused={focused} colors={colors}/>
				))}
				</>}
		</PaneFrame>
	);
}

/** `e`'s list: a heading, then none and each environment, the selected one inverse and the one in use marked, scrolled to keep the selection in view. */
function EnvironmentList({collection, selected, inUse, rows}: {collection: Collection; selected: number; inUse: string | undefined; rows: number}) {
	const choices = environmentChoices(collection);
	const shown = Math.max(1, rows - 1);
	const top = Math.max(0, Math.min(selected - shown + 1, choices.length - shown));
	return (
		<>
			<Text bold wrap="truncate-end">Environment of {oneLine(collection.name)}:</Text>
			{choices.slice(top, top + shown).map((choice, index) => {
				const isSelected = top + index === selected;
				return (
					<Text key={choice.id ?? ''} wrap="truncate-end" inverse={isSelected} dimColor={choice.id === undefined && !isSelected}>
						{isSelected ? '›' : ' '} {oneLine(choice.name)}{choice.id === inUse ? ' (in use)' : ''}
					</Text>
				);
			})}
		</>
	);
}

/** The filter, cut short when it is long, so the way out always shows. */
function FilterLine({filter}: {filter: string}) {
	return (
		<Box>
			<Box flexShrink={1}>
				<Text dimColor wrap="truncate-end">filter: {filter}</Text>
			</Box>
			<Box flexShrink={0}>
				<Text dimColor> (esc clears)</Text>
			</Box>
		</Box>
	);
}

function rowKey(row: TreeRow): string {
	return row.kind === 'collection' ? row.collection.id : row.request.id;
}

function TreeLine({row, isSelected, focused, colors}: {row: TreeRow; isSelected: boolean; focused: boolean; colors: boolean}) {
	const marker = isSelected ? '›' : ' ';
	if (row.kind === 'collection') {
		return (
			<Text wrap="truncate-end" inverse={isSelected && focused} bold>
				{marker}{row.collapsed ? '▸' : '▾'} {oneLine(row.collection.name)} <Text dimColor>({row.collection.requests.length}){row.collection.settings.strict ? ' strict' : ''}</Text>
			</Text>
		);
	}

	return (
		<Text wrap="truncate-end" inverse={isSelected && focused} bold={isSelected && !focused}>
			{marker}  <Text color={colors ? methodColor(row.request.method) : undefined}>{row.request.method.padEnd(6)}</Text> {oneLine(row.request.name)}
		</Text>
	);
}
