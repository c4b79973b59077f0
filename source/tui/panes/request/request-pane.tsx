/**
The request editor: method and URL on top, then tabs for headers, body, scripts and a
preview of the request as it would be sent. What is typed in its fields is the open field
(`field/`); this draws it where it belongs.
*/
import {Box, Text} from 'ink';
import type {Collection, Request} from '../../../core/model.js';
import {useAppSelector, useCollections, useServices} from '../../app-context.js';
import {requestTabs, type RequestTab} from '../../app-state.js';
import {colorsEnabled} from '../../color-support.js';
import {ShownLine, type PlaceholderState} from '../../field/editor-row.js';
import {editBox, requestTabRows, urlFieldWidth} from '../../field/field-box.js';
import {FieldView} from '../../field/field-view.js';
import {selectedOf} from '../../selection.js';
import {contentSize, layoutSourceOf} from '../../layout.js';
import {methodColor} from './method-color.js';
import {placeholderStates} from './placeholder-states.js';
import {PaneFrame, type PaneProps} from '../pane-frame.js';
import {BodyTab} from './body-tab.js';
import {HeadersTab} from './headers-tab.js';
import {PreviewTab} from './preview-tab.js';
import {ScriptsTab} from './scripts-tab.js';

export function RequestPane(props: PaneProps) {
	const {focused} = props;
	const collections = useCollections();
	const selection = useAppSelector(state => state.selection);
	const {collection, request} = selectedOf(collections, {selection});
	if (collection === undefined || request === undefined) {
		return (
			<PaneFrame {...props} title="Request">
				<Text dimColor wrap="truncate-end">No request selected: pick or create one (n) in Collections</Text>
			</PaneFrame>
		);
	}

	return (
		<PaneFrame {...props} title="Request" detail={request.name}>
			<RequestView collection={collection} request={request} width={contentSize(props).width} focused={focused}/>
		</PaneFrame>
	);
}

function RequestView({collection, request, width, focused}: {collection: Collection; request: Request; width: number; focused: boolean}) {
	const {session, env} = useServices();
	const environmentId = useAppSelector(state => state.environments[collection.id]);
	const revision = useAppSelector(state => state.revision);
	const tab = useAppSelector(state => state.requestTab);
	const rows = useAppSelector(state => requestTabRows(state));
	const placeholderState = placeholderStates(session, collection, request, environmentId, revision, env);
	const colors = colorsEnabled();
	return (
		<Box flexDirection="column" width={width}>
			{/* A pane squeezed to a few rows keeps its URL and tab row; the tab's content gives way. */}
			<Box height={1} flexShrink={0}>
				<Text bold color={colors ? methodColor(request.method) : undefined}>{request.method} </Text>
				<UrlRow request={request} placeholderState={placeholderState}/>
			</Box>
			<Box flexShrink={0}>
				<TabRow tab={tab} request={request} focused={focused}/>
			</Box>
			{tab === 'headers' ? <HeadersTab request={request} width={width} rows={rows} focused={focused}/> : null}
			{tab === 'body' ? <BodyTab request={request} width={width} rows={rows} placeholderState={placeholderState}/> : null}
			{tab === 'scripts' ? <ScriptsTab collection={collection} request={request} width={width} rows={rows} focused={focused}/> : null}
			{tab === 'preview' ? <PreviewTab request={request} width={width} rows={rows}/> : null}
		</Box>
	);
}

function UrlRow({request, placeholderState}: {request: Request; placeholderState: (expression: string) => PlaceholderState}) {
	const mode = useAppSelector(state => state.mode);
	const layoutSource = useAppSelector(layoutSourceOf);
	if (mode.kind === 'editing' && mode.target.kind === 'url') {
		return <FieldView field={mode.field} box={editBox(layoutSource, mode.target, request.method)} placeholderState={placeholderState}/>;
	}

	const urlWidth = urlFieldWidth(layoutSource, request.method);
	return request.url === ''
		? <Text dimColor wrap="truncate-end">(no URL: press u to type one)</Text>
		: <Box width={urlWidth}><ShownLine line={request.url} width={urlWidth} placeholderState={placeholderState}/></Box>;
}

function TabRow({tab, request, focused}: {tab: RequestTab; request: Request; focused: boolean}) {
	const labels: Record<RequestTab, string> = {
		headers: `Headers (${request.headers.length})`,
		body: `Body: ${request.body.type}`,
		scripts: 'Scripts',
		preview: 'Preview',
	};
	return (
		<Text wrap="truncate-end">
			{requestTabs.map((candidate, index) => (
				<Text key={candidate}>
					{index === 0 ? '' : <Text dimColor> │ </Text>}
					<Text inverse={candidate === tab && focused} bold={candidate === tab}>{candidate === tab ? `[${labels[candidate]}]` : labels[candidate]}</Text>
				</Text>
			))}
			<Text dimColor>  ←→</Text>
		</Text>
	);
}
