/**
The bottom two rows. The first: the latest message (any message, on its one row: a script
error's line breaks shown as ⏎, a server's control characters as pictures, the rest cut
with the row, where the key of the messages overlay, which shows it whole, is offered), or
what is in flight, or the title of the pane drawn alone. The second: the open prompt, the
y/n question, the kind picker, or the keys of the focused pane and mode, all read from the
keymap.
*/
import {Box, Text} from 'ink';
import {formatDuration} from '../../core/http/format-duration.js';
import {oneLine} from '../../core/visible-text.js';
import {useAppSelector, useCollections, useWorld} from '../app-context.js';
import {keymapMode, type FieldState, type Message, type Mode} from '../app-state.js';
import {colorsEnabled} from '../color-support.js';
import {useNow} from '../use-now.js';
import {StatusHints} from './status-hints.js';
import {promptBox} from '../field/field-box.js';
import {FieldView} from '../field/field-view.js';
import {completesIn, completionAt, completionNames} from '../field/placeholder-completion.js';
import {isPaneField} from '../field/prompt-purposes.js';
import {keyLabel, keysFor} from '../keymap.js';
import {layoutOf, layoutSourceOf} from '../layout.js';
import {toneColors, toneSigns} from '../message-tone.js';
import {kindChoices} from '../overlays/question-keys.js';
import {columnWidth} from './response/columns.js';
import {fitCells} from './variables/show-value.js';
import {headingOf} from './pane-heading.js';

const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function StatusBar({width}: {width: number}) {
	const colors = colorsEnabled();
	const mode = useAppSelector(state => state.mode);
	const stateMessage = useAppSelector(state => state.message);
	const startedAt = useAppSelector(state => state.inFlight?.startedAt);
	// A prompt's error is the message while the prompt stays open.
	const message = mode.kind === 'prompt' && mode.error !== undefined ? {text: mode.error, tone: 'error' as const} : stateMessage;
	// The overlay's key works only where no field or prompt takes it as text, nor a question as its answer.
	const overlayKeyWorks = mode.kind === 'navigating';
	return (
		<Box flexDirection="column" width={width} height={2}>
			<Box height={1} width={width}>
				{message === undefined
					? (startedAt === undefined ? <AloneLine colors={colors}/> : <InFlightLine startedAt={startedAt}/>)
					: <MessageLine message={message} width={width} offersOverlay={overlayKeyWorks} colors={colors}/>}
			</Box>
			<Box height={1} width={width}>
				<BottomLine mode={mode} width={width}/>
			</Box>
		</Box>
	);
}

const overlayKey = keyLabel(keysFor('app.messages')[0]!);
const overlayHint = 'shows it whole';

function MessageLine({message, width, offersOverlay, colors}: {message: Pick<Message, 'text' | 'tone'>; width: number; offersOverlay: boolean; colors: boolean}) {
	const text = toneSigns[message.tone] + oneLine(message.text);
	const cut = columnWidth(text) > width;
	return (
		<>
			<Text wrap="truncate-end" color={colors ? toneColors[message.tone] : undefined} bold={message.tone === 'error'}>{text}</Text>
			{cut && offersOverlay && <Box flexShrink={0}><Text> <Text bold>{overlayKey}</Text> <Text dimColor>{overlayHint}</Text></Text></Box>}
		</>
	);
}

const zoomHint = `${keyLabel(keysFor('layout.zoom')[0]!)} all panes`;
const nextPaneHint = `${keyLabel(keysFor('focus.next')[0]!)} next pane`;

/** The title of the pane drawn alone (zoomed, or on a small terminal), which has no title row of its own, and the key back to the others. */
function AloneLine({colors}: {colors: boolean}) {
	const world = useWorld();
	const layout = useAppSelector(layoutOf);
	const heading = useAppSelector(state => (layoutOf(state).alone ? headingOf(state.focus, state, world) : undefined));
	// While a field or a question has the keyboard, the keys that switch panes do not.
	const navigating = useAppSelector(state => state.mode.kind === 'navigating');
	if (heading === undefined) {
		return <Text> </Text>;
	}

	return (
		<>
			<Text wrap="truncate-end" bold color={colors ? 'cyan' : undefined}>{oneLine(heading)}</Text>
			{navigating && <Box flexShrink={0}><Text dimColor>  {layout.kind === 'single' ? nextPaneHint : zoomHint}</Text></Box>}
		</>
	);
}

function InFlightLine({startedAt}: {startedAt: number}) {
	const now = useNow(true);
	const elapsed = Math.max(0, now - startedAt);
	return <Text wrap="truncate-end">{spinner[Math.floor(elapsed / 100) % spinner.length]} Sending… {formatDuration(elapsed)}  <Text dimColor>ctrl+c cancels</Text></Text>;
}

/** What the status bar offers for a question, its key from the keymap: `y deletes, any other key keeps it`. */
function questionHint(): string {
	return `${keyLabel(keysFor('confirm.yes')[0]!)} deletes, any other key keeps it`;
}

function BottomLine({mode, width}: {mode: Mode; width: number}) {
	const focus = useAppSelector(state => state.focus);
	switch (mode.kind) {
		case 'prompt': {
			// The response pane's own prompts are drawn in its footer, a JSON value in the variables pane: here, the keys that work in them.
			return mode.purpose.kind === 'search' || mode.purpose.kind === 'save' || isPaneField(mode.purpose)
				? <StatusHints pane={focus} mode="edit" width={width}/>
				: <Prompt mode={mode}/>;
		}

		case 'confirm': {
			return <Text wrap="truncate-end" bold>{oneLine(mode.question)} <Text dimColor>{questionHint()}</Text></Text>;
		}

		case 'pick-kind': {
			// A long name is cut, so the choices it asks about stay in view.
			return <Text wrap="truncate-end"><Text bold>Kind of {fitCells(mode.variable.name, Math.max(8, width - 60))}:</Text> {kindChoices(mode.valueKind)} <Text dimColor>enter</Text></Text>;
		}

		case 'editing': {
			return completesIn(mode.target) ? <EditingHints field={mode.field} width={width}/> : <StatusHints pane={focus} mode="edit" width={width}/>;
		}

		default: {
			return <StatusHints pane={focus} mode={keymapMode(mode)} width={width}/>;
		}
	}
}

/** While a placeholder's name is typed, the names it may take and the key that completes it; else the editing keys. */
function EditingHints({field, width}: {field: FieldState; width: number}) {
	const world = useWorld();
	const collections = useCollections();
	const selection = useAppSelector(state => state.selection);
	const environments = useAppSelector(state => state.environments);
	const focus = useAppSelector(state => state.focus);
	const collection = collections.find(candidate => candidate.id === selection.collectionId);
	const completion = collection === undefined ? undefined : completionAt(field.buffer, completionNames(world, {environments, selection}, collection));
	if (completion === undefined) {
		return <StatusHints pane={focus} mode="edit" width={width}/>;
	}

	const key = keyLabel(keysFor('edit.tab')[0]!);
	return (
		<Box width={width}>
			<Box flexShrink={0}><Text><Text bold>{key}</Text> <Text dimColor>completes</Text> </Text></Box>
			<Text wrap="truncate-end">{completion.names.map(name => `{{${name}}}`).join('  ')}</Text>
		</Box>
	);
}

function Prompt({mode}: {mode: Extract<Mode, {kind: 'prompt'}>}) {
	const layoutSource = useAppSelector(layoutSourceOf);
	const reveal = useAppSelector(state => state.revealSecrets);
	const box = promptBox(layoutSource, mode.label);
	return (
		<Box>
			<Box width={box.labelWidth} flexShrink={0}>
				<Text wrap="truncate-start" bold>{`${oneLine(mode.label)}: `}</Text>
			</Box>
			<FieldView
				field={mode.field}
				box={box}
				// A secret's value is as masked while it is typed as where it is shown, unless v shows secrets.
				masked={mode.purpose.kind === 'variable-value' && mode.purpose.variable.secret === true && !reveal}
			/>
		</Box>
	);
}
