/**
The app: four panes laid out for the terminal's size, the status bar, and the help and
messages overlays. It reads the terminal's keys once and hands each chunk to the key
pipeline (`pipeline/`); it draws what the state holds and writes nothing back to it.
*/
import {useEffect} from 'react';
import {Box, Text, useStdout} from 'ink';
import {AppProvider, useAppSelector, type AppContainer, type TuiServices} from './app-context.js';
import {fits, openField} from './app-state.js';
import {HelpOverlay} from './overlays/help-overlay.js';
import {MessagesOverlay} from './overlays/messages-overlay.js';
import {useKeyPresses} from './keys.js';
import {computeLayout, minimumColumns, minimumRows, type Layout} from './layout.js';
import {CollectionsPane} from './panes/collections/collections-pane.js';
import {RequestPane} from './panes/request/request-pane.js';
import {StatusBar} from './panes/status-bar.js';
import {VariablesPane} from './panes/variables/variables-pane.js';
import type {Runner} from './pipeline/run-effects.js';
import {ResponseSlot} from './panes/response/response-pane.js';

export type AppProps = {
	services: TuiServices;
	/** The state container. */
	container: AppContainer;
	/** The effect runner over it, which also ends the app when the user quits. */
	runner: Runner;
};

export function App({services, container, runner}: AppProps) {
	const {stdout, write} = useStdout();

	// One reader for the app's life: raw mode never drops (and an Esc waiting for the next key is never lost) as fields open and close.
	useKeyPresses(presses => {
		runner.keys(presses);
	});

	useEffect(() => {
		const update = () => {
			runner.apply({type: 'resize', columns: stdout.columns || 80, rows: stdout.rows || 24});
		};

		update();
		stdout.on('resize', update);
		return () => {
			stdout.off('resize', update);
		};
	}, [stdout, runner]);

	// What this window and others save shows at once.
	useEffect(() => services.store.onChange(() => {
		runner.apply({type: 'stored'});
	}), [services.store, runner]);

	// Ink writes its last frame whole again around what is written through it: here, nothing.
	useEffect(() => services.terminal?.setRedraw?.(() => {
		write('');
	}), [services.terminal, write]);

	useEffect(() => () => {
		runner.close();
	}, [runner]);

	return (
		<AppProvider container={container} services={services} world={runner.world}>
			<Screen/>
		</AppProvider>
	);
}

function Screen() {
	const size = useAppSelector(state => state.size);
	const drawnSize = useAppSelector(state => state.drawnSize);
	const modeKind = useAppSelector(state => state.mode.kind);
	const fieldOpen = useAppSelector(state => openField(state.mode) !== undefined);
	const focus = useAppSelector(state => state.focus);
	const overlayTop = useAppSelector(state => state.overlayTop);
	const messages = useAppSelector(state => state.messages);
	const tooSmall = !fits(size);
	const drawn = computeLayout(drawnSize.columns, drawnSize.rows);
	const overlaid = modeKind === 'help' || modeKind === 'messages';
	const overlayHeight = drawn.height - drawn.statusBar.height;
	/*
	Below the minimum size everything stays mounted, hidden at the last size it was drawn at,
	and only an open field takes keys: back at a size that fits, the panes are as they were
	(the response's tab, wrap and scroll, a field's text, cursor and undo).
	*/
	return (
		<>
			{tooSmall && <Text wrap="wrap">curlew needs {minimumColumns}x{minimumRows}; this terminal is {size.columns}x{size.rows}. Enlarge it, or {fieldOpen ? 'ctrl+c' : 'q'}{'\u00A0'}to{'\u00A0'}quit.{fieldOpen ? ' Typing goes on into the open field.' : ''}</Text>}
			<Box display={tooSmall ? 'none' : 'flex'} flexDirection="column" width={drawn.width} height={drawn.height}>
				{modeKind === 'help' && <HelpOverlay pane={focus} width={drawn.width} height={overlayHeight} top={overlayTop}/>}
				{modeKind === 'messages' && <MessagesOverlay messages={messages} width={drawn.width} height={overlayHeight} top={overlayTop}/>}
				{/* Hidden, not unmounted, under an overlay: the panes keep their place. */}
				<Panes layout={drawn} focus={overlaid ? undefined : focus}/>
				<StatusBar width={drawn.width}/>
			</Box>
		</>
	);
}

function Panes({layout, focus}: {layout: Layout; focus: string | undefined}) {
	const {panes} = layout;
	return (
		<Box display={focus === undefined ? 'none' : 'flex'} flexDirection="row" width={layout.width} height={layout.height - layout.statusBar.height}>
			<Box flexDirection="column" width={panes.collections.width} flexShrink={0}>
				<CollectionsPane width={panes.collections.width} height={panes.collections.height} focused={focus === 'collections'}/>
				<VariablesPane width={panes.variables.width} height={panes.variables.height} focused={focus === 'variables'}/>
			</Box>
			<Box flexDirection="column" width={panes.request.width}>
				<RequestPane width={panes.request.width} height={panes.request.height} focused={focus === 'request'}/>
				<ResponseSlot width={panes.response.width} height={panes.response.height} focused={focus === 'response'}/>
			</Box>
		</Box>
	);
}
