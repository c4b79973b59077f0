/**
The collections pane: a tree of collections and their requests, with the environment of the
selected collection in its title.
*/
import {Box, Text} from 'ink';
import {oneLine} from '../../../core/visible-text.js';
import {useAppSelector, useCollections} from '../../app-context.js';
import {colorsEnabled} from '../../color-support.js';
import {selectedRowIndex, treeRows, type TreeRow} from './collection-tree.js';
import {methodColor} from '../request/method-color.js';
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
	const rows = treeRows(collections, {filter, collapsed});
	const selected = selectedRowIndex(rows, selection);
	const visibleRows = contentSize(props).height - (filter === '' ? 0 : 1);
	const colors = colorsEnabled();

	return (
		<PaneFrame {...props} title={paneTitles.collections} detail={collectionsDetail(collections, {selection, environments})}>
			{filter === '' ? null : <FilterLine filter={filter}/>}
			{rows.length === 0
				? <Text dimColor wrap="truncate-end">{collections.length === 0 ? 'None yet: N creates one' : 'Nothing matches the filter'}</Text>
				: rows.slice(top, top + visibleRows).map((row, index) => (
					<TreeLine key={rowKey(row)} row={row} isSelected={top + index === selected} focused={focused} colors={colors}/>
				))}
		</PaneFrame>
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
