/**
The bottom two rows. The first: the latest message (any message, on its one row: a script
error's line breaks shown as ⏎, a server's control characters as pictures, the rest cut
with the row, where the key of the messages overlay, which shows it whole, is offered), or
what is in flight. The second:
the open prompt (a one-line editor), the y/n question, the kind picker, or the focused
pane's keys.
*/
import {useEffect, useState} from 'react';
import {Box, Text} from 'ink';
import {formatDuration} from '../../core/http/format-duration.js';
import {oneLine} from '../../core/visible-text.js';
import {useActions, useAppState, useContainer, useServices} from '../app-context.js';
import {keymapMode, type Message, type Mode} from '../app-state.js';
import {colorsEnabled} from '../color-support.js';
import {LineEditor} from '../components/line-editor.js';
import {StatusHints} from '../components/status-hints.js';
import {keyLabel, keysFor} from '../keymap.js';
import {toneColors, toneSigns} from '../message-tone.js';
import {columnWidth} from '../response/columns.js';
import {isConflictChoice} from './edit-conflict.js';
import {answerValueConflict, cancelPrompt, changePrompt, kindChoices, submitPrompt} from './modal-actions.js';
import {fitCells} from './show-value.js';
import type {CommandContext} from './command-context.js';

const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** `responseMode` is `edit` while the response pane's own prompt (search, save) is open. */
export function StatusBar({width, pageRows, responseMode = 'navigate'}: {width: number; pageRows: number; responseMode?: 'navigate' | 'edit'}) {
	const state = useAppState();
	const colors = colorsEnabled();
	const {inFlight} = state;
	// A prompt's error is the message while the prompt stays open.
	const message = state.mode.kind === 'prompt' && state.mode.error !== undefined ? {text: state.mode.error, tone: 'error' as const} : state.message;
	// The overlay's key works only where no field or prompt takes it as text, nor a question as its answer.
	const overlayKeyWorks = state.mode.kind === 'navigating' && (state.focus !== 'response' || responseMode === 'navigate');
	return (
		<Box flexDirection="column" width={width} height={2}>
			<Box height={1} width={width}>
				{message === undefined
					? (inFlight === undefined ? <Text> </Text> : <InFlightLine startedAt={inFlight.startedAt}/>)
					: <MessageLine message={message} width={width} offersOverlay={overlayKeyWorks} colors={colors}/>}
			</Box>
			<Box height={1} width={width}>
				<BottomLine mode={state.mode} width={width} pageRows={pageRows} responseMode={responseMode}/>
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

function InFlightLine({startedAt}: {startedAt: number}) {
	const [now, setNow] = useState(Date.now());
	useEffect(() => {
		const timer = setInterval(() => {
			setNow(Date.now());
		}, 100);
		return () => {
			clearInterval(timer);
		};
	}, []);
	const elapsed = Math.max(0, now - startedAt);
	return <Text wrap="truncate-end">{spinner[Math.floor(elapsed / 100) % spinner.length]} Sending… {formatDuration(elapsed)}  <Text dimColor>ctrl+c cancels</Text></Text>;
}

function BottomLine({mode, width, pageRows, responseMode}: {mode: Mode; width: number; pageRows: number; responseMode: 'navigate' | 'edit'}) {
	const state = useAppState();
	switch (mode.kind) {
		case 'prompt': {
			return <Prompt mode={mode} width={width} pageRows={pageRows}/>;
		}

		case 'confirm': {
			return <Text wrap="truncate-end" bold>{oneLine(mode.question)} <Text dimColor>y deletes, any other key keeps it</Text></Text>;
		}

		case 'pick-kind': {
			// A long name is cut, so the choices it asks about stay in view.
			return <Text wrap="truncate-end"><Text bold>Kind of {fitCells(mode.variable.name, Math.max(8, width - 60))}:</Text> {kindChoices(mode.valueKind)} <Text dimColor>enter</Text></Text>;
		}

		default: {
			return <StatusHints pane={state.focus} mode={state.focus === 'response' && mode.kind === 'navigating' ? responseMode : keymapMode(mode)} width={width}/>;
		}
	}
}

function Prompt({mode, width, pageRows}: {mode: Extract<Mode, {kind: 'prompt'}>; width: number; pageRows: number}) {
	const state = useAppState();
	const container = useContainer();
	const services = useServices();
	const {saver, runCommand} = useActions();
	const context: CommandContext = {container, services, saver, pageRows};
	const label = `${oneLine(mode.label)}: `;
	const editorWidth = Math.max(10, width - Math.min(columnWidth(label), Math.floor(width / 2)));
	return (
		<Box width={width}>
			<Box width={width - editorWidth} flexShrink={0}>
				<Text wrap="truncate-start" bold>{label}</Text>
			</Box>
			<LineEditor
				key={state.modeSerial}
				value={mode.initial}
				width={editorWidth}
				// A secret's value is as masked while it is typed as where it is shown, unless v shows secrets.
				masked={mode.purpose.kind === 'variable-value' && mode.purpose.variable.secret === true && !state.revealSecrets}
				onChange={text => {
					changePrompt(context, mode.purpose, text);
				}}
				onSubmit={text => {
					// A refused answer keeps the prompt open, saying why.
					submitPrompt(context, mode.purpose, text);
				}}
				onLeave={() => {
					cancelPrompt(context, mode.purpose);
				}}
				onCommand={(command, text) => {
					if (isConflictChoice(command) && mode.purpose.kind === 'variable-value') {
						answerValueConflict(context, mode.purpose, command, text);
						return;
					}

					// Sending from a variable's value prompt sends that value: it is saved first. A value
					// that is not one of its kind keeps the prompt open, saying why, and nothing is sent.
					if (command === 'app.send' && mode.purpose.kind === 'variable-value') {
						submitPrompt(context, mode.purpose, text);
						if (container.getState().mode.kind === 'prompt') {
							return;
						}
					}

					runCommand(command);
				}}
			/>
		</Box>
	);
}
