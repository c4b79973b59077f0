/**
The app: four panes laid out for the terminal's size, the status bar, and the help and
messages overlays. It reads the terminal's keys once and hands each chunk to the key
pipeline (`pipeline/`); it draws what the state holds and writes nothing back to it.
*/
import {useEffect, type ReactNode} from 'react';
import {Box, Text, useStdout} from 'ink';
import {AppProvider, useAppSelector, type AppContainer, type TuiServices} from './app-context.js';
import {fits, openField} from './app-state.js';
import {HelpOverlay} from './overlays/help-overlay.js';
import {MessagesOverlay} from './overlays/messages-overlay.js';
import {useKeyPresses} from './keys.js';
import {keyLabel, keysFor, type Pane} from './keymap.js';
import {layoutOf, minimumSize, type Layout} from './layout.js';
import {CollectionsPane} from './panes/collections/collections-pane.js';
import {RequestPane} from './panes/request/request-pane.js';
import {StatusBar} from './panes/status-bar.js';
import {VariablesPane} from './panes/variables/variables-pane.js';
import type {PaneProps} from './panes/pane-frame.js';
import {paneTitles} from './panes/pane-heading.js';
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
	const layout = useAppSelector(layoutOf);
	const modeKind = useAppSelector(state => state.mode.kind);
	const fieldOpen = useAppSelector(state => openField(state.mode) !== undefined);
	const focus = useAppSelector(state => state.focus);
	const overlayTop = useAppSelector(state => state.overlayTop);
	const messages = useAppSelector(state => state.messages);
	const tooSmall = !fits(size);
	const overlaid = modeKind === 'help' || modeKind === 'messages';
	const overlayHeight = layout.height - layout.statusBar.height;
	/*
	Below the minimum size everything stays mounted, hidden at the last size it was drawn at,
	and only an open field takes keys: back at a size that fits, the panes are as they were
	(the response's tab, wrap and scroll, a field's text, cursor and undo).
	*/
	return (
		<>
			{tooSmall && <Text wrap="wrap">curlew needs {minimumSize.columns}x{minimumSize.rows}; this terminal is {size.columns}x{size.rows}. Enlarge it, or {fieldOpen ? 'ctrl+c' : 'q'}{'\u00A0'}to{'\u00A0'}quit.{fieldOpen ? ' Typing goes on into the open field.' : ''}</Text>}
			<Box display={tooSmall ? 'none' : 'flex'} flexDirection="column" width={layout.width} height={layout.height}>
				{modeKind === 'help' && <HelpOverlay pane={focus} width={layout.width} height={overlayHeight} top={overlayTop}/>}
				{modeKind === 'messages' && <MessagesOverlay messages={messages} width={layout.width} height={overlayHeight} top={overlayTop}/>}
				{/* Hidden, not unmounted, under an overlay: the panes keep their place. */}
				<Panes layout={layout} focus={focus} hidden={overlaid}/>
				<StatusBar width={layout.width}/>
			</Box>
		</>
	);
}

/**
Every pane stays mounted, each where the layout puts it: one not shown is hidden, so a pane
folded away or under a zoomed one comes back as it was.
*/
function Panes({layout, focus, hidden}: {layout: Layout; focus: Pane; hidden: boolean}) {
	const {panes} = layout;
	const slot = (pane: Pane, View: (props: PaneProps) => ReactNode) => {
		const rect = panes[pane];
		return (
			<Box display={rect.shown ? 'flex' : 'none'} flexShrink={0}>
				<View width={rect.width} height={rect.height} focused={!hidden && focus === pane} bare={rect.bare} aside={asideOf(layout, pane)}/>
			</Box>
		);
	};

	const sideShown = panes.collections.shown || panes.variables.shown;
	const mainShown = panes.request.shown || panes.response.shown;
	return (
		<Box display={hidden ? 'none' : 'flex'} flexDirection="row" width={layout.width} height={layout.height - layout.statusBar.height}>
			<Box display={sideShown ? 'flex' : 'none'} flexDirection="column" flexShrink={0}>
				{slot('collections', CollectionsPane)}
				{slot('variables', VariablesPane)}
			</Box>
			<Box display={mainShown ? 'flex' : 'none'} flexDirection={layout.sideBySide ? 'row' : 'column'}>
				{slot('request', RequestPane)}
				{slot('response', ResponseSlot)}
			</Box>
		</Box>
	);
}

/** With the side panes folded, each of collections and variables names the other, one key away. */
function asideOf(layout: Layout, pane: Pane): string | undefined {
	if (layout.kind !== 'folded' || layout.alone) {
		return undefined;
	}

	const other = pane === 'collections' ? 'variables' : pane === 'variables' ? 'collections' : undefined;
	return other === undefined ? undefined : `${keyLabel(keysFor(focusCommands[other])[0]!)} ${paneTitles[other].toLowerCase()}`;
}

const focusCommands = {collections: 'focus.collections', variables: 'focus.variables'} as const;
