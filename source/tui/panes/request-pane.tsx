/**
The request editor: method and URL on top, then tabs for headers, body, scripts and a
preview of the request as it would be sent. Text is typed in the editors, which save it
through the store a moment after the last key and at once when the field is left.
*/
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {Box, Text} from 'ink';
import {interpolate} from '../../core/interpolate/index.js';
import {httpMethods, type Collection, type Request} from '../../core/model.js';
import {maskSecrets} from '../../core/secrets.js';
import {findJsonSyntaxError} from '../../core/formats/json-text.js';
import {listedProblems} from '../../core/problem-list.js';
import {placeText} from '../../core/problem-place.js';
import type {Preview, Session} from '../../core/session/session.js';
import type {Value} from '../../core/values.js';
import {errorText, useActions, useAppState, useCollections, useContainer, useServices, type TuiServices} from '../app-context.js';
import {cycle, requestTabs, type EditTarget, type RequestTab, type ScriptSlot} from '../app-state.js';
import {colorsEnabled} from '../color-support.js';
import {ShownLine, type PlaceholderState} from '../components/editor-row.js';
import {LineEditor} from '../components/line-editor.js';
import {TextEditor} from '../components/text-editor.js';
import type {Command} from '../keymap.js';
import {makeVisible} from '../../core/visible-text.js';
import {cutLines} from '../wrap-text.js';
import {editInEditor, say, selectedNow, selectedOf, stateOf, storeChange, type CommandContext} from './command-context.js';
import {bodyPreview} from '../../core/http/body-preview.js';
import {urlAsSent} from '../../core/http/request-target.js';
import {bodyWithText, changeBodyType, editableBodyTypes, editableText, keptForOtherTypes, typeToEdit} from './body-type.js';
import {EditConflict, isConflictChoice} from './edit-conflict.js';
import {changedHeaderIndex, headerIndexNow, headerToLine, leaveHeaderLine, parseHeaderLine} from './header-line.js';
import {methodColor} from './method-color.js';
import {contentRows, PaneFrame} from './pane-frame.js';
import {useFieldGuard, type FieldGuard} from './use-field-guard.js';
import type {PaneProps} from './collections-pane.js';

export const scriptSlots: readonly ScriptSlot[] = [
	{owner: 'request', phase: 'preRequest'},
	{owner: 'request', phase: 'postResponse'},
	{owner: 'collection', phase: 'preRequest'},
	{owner: 'collection', phase: 'postResponse'},
];

export function scriptLabel(slot: ScriptSlot): string {
	return `${slot.owner === 'request' ? 'Request' : 'Collection'} ${slot.phase === 'preRequest' ? 'pre-request' : 'post-response'} script`;
}

/** Chrome of the pane inside its frame: the URL row and the tab row. */
const chromeRows = 2;

export function RequestPane({width, height, focused}: PaneProps) {
	const state = useAppState();
	const collections = useCollections();
	const {collection, request} = selectedOf(collections, state);
	const inner = width - 2;
	const container = useContainer();
	const {saver} = useActions();
	// The request being edited was deleted in another window: its field is gone, so the keyboard comes back.
	const orphaned = state.mode.kind === 'editing' && request === undefined;
	useEffect(() => {
		if (orphaned) {
			saver.flush();
			container.dispatch({type: 'leaveMode'});
			container.dispatch({type: 'message', text: 'The request being edited was deleted in another curlew window: what was typed in it is not saved', tone: 'error'});
		}
	}, [orphaned, saver, container]);
	if (collection === undefined || request === undefined) {
		return (
			<PaneFrame title="Request" focused={focused} width={width} height={height}>
				<Text dimColor wrap="truncate-end">No request selected: pick or create one (n) in Collections</Text>
			</PaneFrame>
		);
	}

	const editing = state.mode.kind === 'editing' ? state.mode.target : undefined;
	const rows = Math.max(1, contentRows(height) - chromeRows);
	return (
		<PaneFrame title="Request" detail={request.name} focused={focused} width={width} height={height}>
			<RequestView
				key={request.id}
				collection={collection}
				request={request}
				environmentId={state.environments[collection.id]}
				tab={state.requestTab}
				row={state.requestRow}
				editing={editing}
				width={inner}
				rows={rows}
				focused={focused}
				revision={state.revision}
				editorKey={state.modeSerial}
			/>
		</PaneFrame>
	);
}

type ViewProps = {
	collection: Collection;
	request: Request;
	environmentId: string | undefined;
	tab: RequestTab;
	row: number;
	editing: EditTarget | undefined;
	width: number;
	rows: number;
	focused: boolean;
	revision: number;
	/** A new editor for each time a field is entered. */
	editorKey: number;
};

function RequestView({collection, request, environmentId, tab, row, editing, width, rows, focused, revision, editorKey}: ViewProps) {
	const {session, env} = useServices();
	const placeholderState = usePlaceholderState(session, env, collection, environmentId, revision);
	const colors = colorsEnabled();
	const urlWidth = Math.max(10, width - request.method.length - 1);
	return (
		<Box flexDirection="column" width={width}>
			<Box height={1}>
				<Text bold color={colors ? methodColor(request.method) : undefined}>{request.method} </Text>
				{editing?.kind === 'url'
					? <UrlEditor key={editorKey} collectionId={collection.id} request={request} width={urlWidth} placeholderState={placeholderState}/>
					: request.url === ''
						? <Text dimColor wrap="truncate-end">(no URL: press u to type one)</Text>
						: <Box width={urlWidth}><ShownLine line={request.url} width={urlWidth} placeholderState={placeholderState}/></Box>}
			</Box>
			<TabRow tab={tab} request={request} focused={focused}/>
			{tab === 'headers' ? <HeadersTab key={editorKey} collectionId={collection.id} request={request} row={row} editing={editing} width={width} rows={rows} focused={focused}/> : null}
			{tab === 'body' ? <BodyTab key={editorKey} collectionId={collection.id} request={request} editing={editing} width={width} rows={rows} placeholderState={placeholderState}/> : null}
			{tab === 'scripts' ? <ScriptsTab key={editorKey} collection={collection} request={request} row={row} editing={editing} width={width} rows={rows} focused={focused}/> : null}
			{tab === 'preview' ? <PreviewTab collection={collection} request={request} environmentId={environmentId} width={width} rows={rows} revision={revision}/> : null}
		</Box>
	);
}

function usePlaceholderState(session: Session, env: Readonly<Record<string, string | undefined>> | undefined, collection: Collection, environmentId: string | undefined, revision: number): (expression: string) => PlaceholderState {
	return useMemo(() => {
		const scope: Record<string, Value> = session.scope(collection, environmentId);
		const options = {env, allowedEnv: session.allowedEnv()};
		// A body repeats the same few placeholders on every row: each is resolved once per scope.
		const states = new Map<string, PlaceholderState>();
		return (expression: string) => {
			let state = states.get(expression);
			if (state === undefined) {
				state = interpolate(`{{${expression}}}`, scope, options).problems.length === 0 ? 'resolved' : 'unresolved';
				states.set(expression, state);
			}

			return state;
		};
	// The revision marks a change of the runtime variables, which live outside React.
	}, [session, env, collection, environmentId, revision]);
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

function useEditorCallbacks() {
	const container = useContainer();
	const {saver, runCommand} = useActions();
	return {
		container,
		saver,
		onCommand: (command: Command) => {
			saver.flush();
			runCommand(command);
		},
		leave: () => {
			saver.flush();
			container.dispatch({type: 'leaveMode'});
		},
	};
}

/**
The callbacks of a field saved as it is typed, guarded against another window's change of
it: leaving keeps the field open while a conflict waits for its answer, and ctrl+o, ctrl+t
answer it (see use-field-guard.ts).
*/
function useGuardedEditorCallbacks(guard: FieldGuard, saveKey: string, save: (text: string) => void) {
	const {container, saver, onCommand} = useEditorCallbacks();
	return {
		onCommand(command: Command, text: string) {
			if (!isConflictChoice(command) || guard.conflict === undefined) {
				onCommand(command);
				return;
			}

			if (command === 'edit.keepMine') {
				guard.keepMine();
				save(text);
				saver.retry();
				if (guard.conflict === undefined) {
					container.dispatch({type: 'message', text: 'Yours is saved over the other window\'s'});
				}
			} else {
				saver.release(saveKey);
				guard.takeTheirs();
				container.dispatch({type: 'message', text: 'The field holds the other window\'s text now'});
			}
		},
		leave() {
			saver.flush();
			if (guard.conflict === undefined) {
				container.dispatch({type: 'leaveMode'});
			}
		},
	};
}

function UrlEditor({collectionId, request, width, placeholderState}: {collectionId: string; request: Request; width: number; placeholderState: (expression: string) => PlaceholderState}) {
	const {store} = useServices();
	const {container, saver} = useEditorCallbacks();
	const guard = useFieldGuard(request.url, 'the URL');
	const saveKey = `url:${request.id}`;
	const save = (text: string) => {
		// A URL as the field stands on it is no edit: saving it would undo another window's change.
		if (!guard.changes(text) && guard.conflict === undefined) {
			saver.release(saveKey);
			return;
		}

		saver.schedule(saveKey, () => {
			store.updateRequest(collectionId, request.id, current => {
				guard.check(current.url);
				return {...current, url: text};
			});
			guard.saved(text);
			container.dispatch({type: 'stored'});
		});
	};

	const {onCommand, leave} = useGuardedEditorCallbacks(guard, saveKey, save);
	const done = (text: string) => {
		save(text);
		leave();
	};

	return <LineEditor key={guard.loaded.generation} value={guard.loaded.text} width={width} onChange={save} onLeave={done} onCommand={onCommand} placeholderState={placeholderState}/>;
}

function HeadersTab({collectionId, request, row, editing, width, rows, focused}: {collectionId: string; request: Request; row: number; editing: EditTarget | undefined; width: number; rows: number; focused: boolean}) {
	const editingIndex = editing?.kind === 'header' ? editing.index : undefined;
	const lines = request.headers.map((header, index) => ({header, index}));
	// While a new header is typed, the › is on its row alone.
	const selected = editingIndex === 'new' ? -1 : Math.min(row, Math.max(0, lines.length - 1));
	const top = editingIndex === 'new' ? Math.max(0, lines.length + 1 - rows) : Math.max(0, Math.min(selected - rows + 1, lines.length - rows));
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{lines.length === 0 && editingIndex === undefined ? <Text dimColor wrap="truncate-end">No headers: a adds one (Name: value)</Text> : null}
			{lines.slice(Math.max(0, top), Math.max(0, top) + rows).map(({header, index}) => (
				editingIndex === index
					? <HeaderEditor key={index} collectionId={collectionId} request={request} index={index} width={width}/>
					: (
						<Text key={index} wrap="truncate-end" inverse={focused && index === selected} dimColor={!header.enabled}>
							{index === selected ? '›' : ' '}[{header.enabled ? 'x' : ' '}] {headerToLine(header)}
						</Text>
					)
			))}
			{editingIndex === 'new' ? <HeaderEditor collectionId={collectionId} request={request} index="new" width={width}/> : null}
		</Box>
	);
}

function HeaderEditor({collectionId, request, index, width}: {collectionId: string; request: Request; index: number | 'new'; width: number}) {
	const {store} = useServices();
	const {runCommand} = useActions();
	const {container, saver, onCommand, leave} = useEditorCallbacks();
	// The header as the field opened on it: another window may change the list under it meanwhile.
	const [previous] = useState(() => index === 'new' ? undefined : request.headers[index]!);
	const heldKey = `header:${request.id}`;
	// Gone without Enter or Esc (the request deleted in another window): nothing is left to save into.
	useEffect(() => () => {
		saver.release(heldKey);
	}, [saver, heldKey]);
	// Whether the last save met another window's change of this header, which ctrl+o or ctrl+t answers.
	const conflicted = useRef(false);
	/*
	Saved into the header it was opened on, wherever it stands now. Changed or deleted in
	another window, it is a conflict (see edit-conflict.ts); `overwrite` answers it, saving
	over the other window's version, or adding the header when that one is gone.
	*/
	const save = (name: string, value: string, overwrite = false) => {
		let added = index === 'new';
		const updated = store.updateRequest(collectionId, request.id, current => {
			let position = index === 'new' || previous === undefined ? undefined : headerIndexNow(current.headers, index, previous);
			if (index !== 'new' && previous !== undefined && position === undefined) {
				const theirs = changedHeaderIndex(current.headers, index, previous);
				if (!overwrite) {
					throw new EditConflict(`header ${previous.name}`, theirs === undefined ? undefined : headerToLine(current.headers[theirs]!));
				}

				position = theirs;
			}

			added = position === undefined;
			return {
				...current,
				headers: position === undefined
					? [...current.headers, {name, value, enabled: true}]
					: current.headers.map((header, at) => at === position ? {...header, name, value} : header),
			};
		});
		conflicted.current = false;
		container.dispatch({type: 'stored'});
		if (added) {
			container.dispatch({type: 'requestRow', row: updated.headers.length - 1});
		}
	};

	// A header the store cannot take keeps its field open with the text, saying why: Enter tries again.
	const saved = (name: string, value: string, overwrite = false): boolean => {
		try {
			save(name, value, overwrite);
			return true;
		} catch (error) {
			conflicted.current = error instanceof EditConflict;
			container.dispatch({type: 'message', text: conflicted.current ? errorText(error) : `Not saved yet: ${errorText(error)}. The field stays open with your text: Enter tries again`, tone: 'error'});
			return false;
		}
	};

	/*
	A header is saved on Enter, not as it is typed: the list would show it half-typed. Quitting
	(ctrl+c, a signal) saves what Enter would; the field's own ways out drop that save first.
	*/
	const hold = (text: string) => {
		saver.hold(heldKey, () => {
			const parsed = parseHeaderLine(text);
			if (parsed.ok) {
				save(parsed.name, parsed.value);
			}
		});
	};

	const done = () => {
		saver.release(heldKey);
		leave();
	};

	// Enter saves a header; text that is not one keeps the field open, saying what is wrong.
	const submit = (text: string) => {
		if (text.trim() === '' && index === 'new') {
			done();
			return;
		}

		const parsed = parseHeaderLine(text);
		if (!parsed.ok) {
			container.dispatch({type: 'message', text: parsed.message, tone: 'error'});
			return;
		}

		if (saved(parsed.name, parsed.value)) {
			done();
		}
	};

	/*
	ctrl+r sends what the field shows: a header is saved first and the field closes (the keys
	after it in the same chunk are the app's, as after Enter). Text that is not a header is
	not sent without a word: the field stays open and says what is wrong. ctrl+c cancels a
	send in flight with the field left open, or quits, which saves what is held.
	*/
	// ctrl+o saves this window's text over the other's; ctrl+t leaves the other's and closes the field.
	const answerConflict = (choice: 'edit.keepMine' | 'edit.takeTheirs', text: string) => {
		if (choice === 'edit.takeTheirs') {
			conflicted.current = false;
			done();
			container.dispatch({type: 'message', text: 'The other window\'s header is kept'});
			return;
		}

		const parsed = parseHeaderLine(text);
		if (!parsed.ok) {
			container.dispatch({type: 'message', text: parsed.message, tone: 'error'});
		} else if (saved(parsed.name, parsed.value, true)) {
			done();
		}
	};

	const command = (name: Command, text: string) => {
		if (isConflictChoice(name) && conflicted.current) {
			answerConflict(name, text);
			return;
		}

		if (name !== 'app.send') {
			runCommand(name);
			return;
		}

		const outcome = leaveHeaderLine(text, previous);
		if (outcome.kind === 'drop') {
			const parsed = parseHeaderLine(text);
			container.dispatch({type: 'message', text: `Not sent: ${parsed.ok ? outcome.message : parsed.message}`, tone: 'error'});
			return;
		}

		if (outcome.kind === 'save' && !saved(outcome.name, outcome.value)) {
			return;
		}

		// Dropped before the send flushes the saver, which would save it a second time.
		saver.release(heldKey);
		onCommand(name);
		done();
	};

	const close = (text: string) => {
		const outcome = leaveHeaderLine(text, previous);
		if (outcome.kind === 'save') {
			if (!saved(outcome.name, outcome.value)) {
				return;
			}
		} else if (outcome.kind === 'drop') {
			container.dispatch({type: 'message', text: outcome.message, tone: 'warning'});
		}

		done();
	};

	return (
		<Box width={width}>
			<Text>{'›   '}</Text>
			<LineEditor value={previous === undefined ? '' : headerToLine(previous)} width={Math.max(5, width - 4)} onChange={hold} onSubmit={submit} onLeave={close} onCommand={command}/>
		</Box>
	);
}

function BodyTab({collectionId, request, editing, width, rows, placeholderState}: {collectionId: string; request: Request; editing: EditTarget | undefined; width: number; rows: number; placeholderState: (expression: string) => PlaceholderState}) {
	// Read once per body, not per key: scrolling draws this tab again at each key.
	const keptText = useMemo(() => keptForOtherTypes(request.body), [request.body]);
	if (editing?.kind === 'body') {
		return <BodyEditor collectionId={collectionId} request={request} width={width} rows={rows} placeholderState={placeholderState}/>;
	}

	// The last row says what the body keeps for other types, when there is room for it.
	const kept = rows > 1 ? keptText : undefined;
	const keptRow = kept === undefined ? null : <Text dimColor wrap="truncate-end">{kept}</Text>;
	if (request.body.type === 'none') {
		return (
			<Box flexDirection="column" width={width} height={rows}>
				<Text dimColor wrap="truncate-end">No body: t picks a type (JSON, text, form), enter types one</Text>
				{keptRow}
			</Box>
		);
	}

	return <BodyLines request={request} width={width} rows={rows - (keptRow === null ? 0 : 1)} keptRow={keptRow} placeholderState={placeholderState}/>;
}

function BodyLines({request, width, rows, keptRow, placeholderState}: {request: Request; width: number; rows: number; keptRow: ReactNode; placeholderState: (expression: string) => PlaceholderState}) {
	const lines = useMemo(() => {
		const text = editableText(request.body);
		return text === '' ? [] : text.split('\n');
	}, [request.body]);
	const {top, shown, where} = useScrolledLines(lines.length, rows);
	return (
		<Box flexDirection="column" width={width} height={rows + (keptRow === null ? 0 : 1)}>
			{lines.length === 0 ? <Text dimColor wrap="truncate-end">Empty {request.body.type === 'form' ? 'form (name=value per line)' : 'body'}: enter to type, e for $EDITOR</Text> : null}
			{lines.slice(top, top + shown).map((line, index) => (
				<ShownLine key={top + index} line={line} width={width} placeholderState={placeholderState}/>
			))}
			{where === undefined ? null : <Text dimColor wrap="truncate-end">{where}</Text>}
			{keptRow}
		</Box>
	);
}

/**
Which of `count` lines a tab shows in `rows`: from the pane's row on (j/k, page keys move it),
with the last row saying where they are when not all fit. Tells the app how far it scrolls,
and that nothing scrolls once no lines show (a body of none).
*/
function useScrolledLines(count: number, rows: number): {top: number; shown: number; where?: string} {
	const container = useContainer();
	const {requestRow} = useAppState();
	const fits = count <= rows;
	const shown = fits ? count : Math.max(1, rows - 1);
	const limit = Math.max(0, count - shown);
	useEffect(() => {
		container.dispatch({type: 'requestScrollLimit', limit});
	}, [container, limit]);
	useEffect(() => () => {
		container.dispatch({type: 'requestScrollLimit', limit: 0});
	}, [container]);
	const top = Math.min(requestRow, limit);
	if (fits) {
		return {top, shown};
	}

	// Counted as the response pane counts its lines: 1-8 of 400,004.
	return {top, shown, where: `lines ${(top + 1).toLocaleString('en-US')}-${(top + shown).toLocaleString('en-US')} of ${count.toLocaleString('en-US')}  j/k scroll`};
}

function BodyEditor({collectionId, request, width, rows, placeholderState}: {collectionId: string; request: Request; width: number; rows: number; placeholderState: (expression: string) => PlaceholderState}) {
	const {store} = useServices();
	return (
		<SavingTextEditor
			value={editableText(request.body)}
			what="the body"
			saveKey={`body:${request.id}`}
			write={(text, check) => store.updateRequest(collectionId, request.id, current => {
				check(editableText(current.body));
				return {...current, body: bodyWithText(current.body, request.body.type, text)};
			})}
			width={width}
			rows={rows}
			placeholderState={placeholderState}
		/>
	);
}

type SavingTextEditorProps = {
	value: string;
	/** The field, as a sentence names it: `the body`. */
	what: string;
	/** The saver's key: one pending save per field. */
	saveKey: string;
	/**
	Writes the text where it belongs, in one store change that first hands `check` the text
	stored there now (which throws when another window changed it).
	*/
	write: (text: string, check: (storedNow: string) => void) => void;
	width: number;
	rows: number;
	placeholderState?: (expression: string) => PlaceholderState;
};

/** A body or a script: saved a moment after each change, and when the field is left. */
function SavingTextEditor({value, what, saveKey, write, width, rows, placeholderState}: SavingTextEditorProps) {
	const {container, saver} = useEditorCallbacks();
	const guard = useFieldGuard(value, what);
	const edited = useRef(false);
	// The text is joined when the save runs, not at each key.
	const save = (read: () => string) => {
		edited.current = true;
		saver.schedule(saveKey, () => {
			const text = read();
			write(text, guard.check);
			guard.saved(text);
			container.dispatch({type: 'stored'});
		});
	};

	const {onCommand, leave} = useGuardedEditorCallbacks(guard, saveKey, text => {
		save(() => text);
	});
	return (
		<TextEditor
			key={guard.loaded.generation}
			value={guard.loaded.text}
			width={width}
			height={rows}
			onEdit={save}
			onLeave={text => {
				// A field left untouched writes nothing: rewriting the store for a large body
				// costs a keystroke's worth many times over, and would undo another window's change.
				if (edited.current) {
					save(() => text);
				}

				leave();
			}}
			onCommand={onCommand}
			placeholderState={placeholderState}
		/>
	);
}

function scriptText(collection: Collection, request: Request, slot: ScriptSlot): string {
	return (slot.owner === 'request' ? request.scripts : collection.scripts)[slot.phase];
}

/** Writes a script; `check`, when given, first sees the text stored there now (see SavingTextEditor). */
function saveScript(services: TuiServices, collection: Collection, request: Request, slot: ScriptSlot, text: string, check?: (storedNow: string) => void): void {
	const {store} = services;
	if (slot.owner === 'request') {
		store.updateRequest(collection.id, request.id, current => {
			check?.(current.scripts[slot.phase]);
			return {...current, scripts: {...current.scripts, [slot.phase]: text}};
		});
	} else {
		store.updateCollection(collection.id, current => {
			check?.(current.scripts[slot.phase]);
			return {...current, scripts: {...current.scripts, [slot.phase]: text}};
		});
	}
}

function ScriptsTab({collection, request, row, editing, width, rows, focused}: {collection: Collection; request: Request; row: number; editing: EditTarget | undefined; width: number; rows: number; focused: boolean}) {
	if (editing?.kind === 'script') {
		return (
			<Box flexDirection="column" width={width} height={rows}>
				<Text bold wrap="truncate-end">{scriptLabel(editing.slot)} <Text dimColor>(esc to leave)</Text></Text>
				<ScriptEditor collection={collection} request={request} slot={editing.slot} width={width} rows={Math.max(1, rows - 1)}/>
			</Box>
		);
	}

	const selected = Math.min(row, scriptSlots.length - 1);
	const slot = scriptSlots[selected]!;
	const preview = scriptText(collection, request, slot).split('\n');
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{scriptSlots.map((candidate, index) => {
				const text = scriptText(collection, request, candidate);
				const count = text === '' ? 'empty' : `${text.split('\n').length} line${text.split('\n').length === 1 ? '' : 's'}`;
				return (
					<Text key={index} wrap="truncate-end" inverse={focused && index === selected}>
						{index === selected ? '›' : ' '}{scriptLabel(candidate)} <Text dimColor>({count})</Text>
					</Text>
				);
			})}
			{preview.slice(0, Math.max(0, rows - scriptSlots.length)).map((line, index) => (
				<Text key={`line-${index}`} dimColor wrap="truncate-end">  {line}</Text>
			))}
		</Box>
	);
}

function ScriptEditor({collection, request, slot, width, rows}: {collection: Collection; request: Request; slot: ScriptSlot; width: number; rows: number}) {
	const services = useServices();
	return (
		<SavingTextEditor
			value={scriptText(collection, request, slot)}
			what={`the ${scriptLabel(slot).toLowerCase()}`}
			saveKey={`script:${slot.owner}:${slot.phase}:${slot.owner === 'request' ? request.id : collection.id}`}
			write={(text, check) => {
				saveScript(services, collection, request, slot, text, check);
			}}
			width={width}
			rows={rows}
		/>
	);
}

/**
The lines of a preview: the request line, headers, a blank line and the body, after the
problems (the first few, and a line that counts the rest); secrets masked. What is sent is the user's text, so it is shown as the response
is: tabs expanded and control characters as their pictures, which the terminal would
otherwise act on (a tab jumps past the pane's border, an escape moves the cursor).
*/
export function previewLines(preview: Preview, request: Pick<Request, 'body'>): Array<{text: string; tone?: 'error' | 'warning' | 'muted'}> {
	const lines: Array<{text: string; tone?: 'error' | 'warning' | 'muted'}> = [];
	const shown = (text: string) => makeVisible(maskSecrets(text, preview.secrets));
	const onOneRow = (text: string) => shown(text).replaceAll('\n', ' ');
	if (preview.error !== undefined) {
		lines.push({text: `Cannot send: ${onOneRow(preview.error)}`, tone: 'error'});
	}

	const {listed, rest} = listedProblems(preview.problems);
	for (const problem of listed) {
		lines.push({text: `⚠ ${placeText(problem, request)}: ${onOneRow(problem.message)}`, tone: 'warning'});
	}

	if (rest !== undefined) {
		lines.push({text: `⚠ ${rest}`, tone: 'warning'});
	}

	for (const warning of preview.warnings ?? []) {
		lines.push({text: `⚠ ${onOneRow(warning)}`, tone: 'warning'});
	}

	const {prepared} = preview;
	if (prepared !== undefined) {
		lines.push({text: onOneRow(`${prepared.method} ${urlAsSent(prepared)}`)});
		for (const [name, value] of prepared.headers) {
			lines.push({text: onOneRow(`${name}: ${value}`), tone: 'muted'});
		}

		if (prepared.body !== undefined) {
			const body = bodyPreview(prepared.body);
			const problem = typeof prepared.body === 'string' || prepared.body instanceof Uint8Array ? jsonProblem(prepared.headers, body) : undefined;
			if (problem !== undefined) {
				lines.push({text: `⚠ The body is sent as JSON but is not valid JSON at ${onOneRow(problem)}`, tone: 'warning'});
			}

			lines.push({text: ''});
			for (const line of shown(body).split('\n')) {
				lines.push({text: line});
			}
		}
	}

	return lines;
}

/**
Where and why a body sent with a JSON Content-Type does not parse as JSON (`line 3, column 9:
expected …`, in the body as sent, which the Preview shows); undefined when it does, or is not
sent as JSON. A body may nest deeper than a value.
*/
function jsonProblem(headers: ReadonlyArray<readonly [string, string]>, body: string): string | undefined {
	const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
	if (!/\bjson\b/i.test(contentType) || body.trim() === '') {
		return undefined;
	}

	const error = findJsonSyntaxError(body, Number.POSITIVE_INFINITY);
	return error === undefined ? undefined : `line ${error.line}, column ${error.column}: ${error.problem}`;
}

function PreviewTab({collection, request, environmentId, width, rows, revision}: {collection: Collection; request: Request; environmentId: string | undefined; width: number; rows: number; revision: number}) {
	const {session, env} = useServices();
	const [preview, setPreview] = useState<Preview | undefined>();
	useEffect(() => {
		let current = true;
		// Begun once the tab's frame is out and the keys waiting are read: resolving a large
		// body takes a while, and a tab passed through on the way to another costs nothing.
		const begin = setImmediate(() => {
			session.preview(collection, request, {environment: environmentId, env}).then(result => {
				if (current) {
					setPreview(result);
				}
			}, (error: unknown) => {
				if (current) {
					setPreview({problems: [], secrets: [], error: error instanceof Error ? error.message : String(error)});
				}
			});
		});
		return () => {
			current = false;
			clearImmediate(begin);
		};
	}, [session, collection, request, environmentId, env, revision]);
	// Made once per preview (masking and splitting a large body is slow), not at each key that scrolls it.
	const lines = useMemo(() => (preview === undefined ? undefined : previewLines(preview, request)), [preview, request]);
	const colors = colorsEnabled();
	if (lines === undefined) {
		return <Text dimColor>Resolving…</Text>;
	}

	return <PreviewLines lines={lines} width={width} rows={rows} colors={colors}/>;
}

const toneColor = {error: 'red', warning: 'yellow', muted: 'gray'} as const;

/**
The preview's lines cut into rows of `width` cells, so that a long URL, header or problem
shows whole. They are counted once per preview and width; a frame cuts only its rows.
*/
function PreviewLines({lines, width, rows, colors}: {lines: ReturnType<typeof previewLines>; width: number; rows: number; colors: boolean}) {
	const cut = useMemo(() => cutLines(lines.map(line => line.text), Math.max(1, width)), [lines, width]);
	const {top, shown, where} = useScrolledLines(cut.rows, rows);
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{cut.slice(top, shown).map(({line, text}, index) => {
				const {tone} = lines[line]!;
				return <Text key={top + index} wrap="truncate-end" color={colors && tone ? toneColor[tone] : undefined} bold={tone === 'error'}>{text === '' ? ' ' : text}</Text>;
			})}
			{where === undefined ? null : <Text dimColor wrap="truncate-end">{where}</Text>}
		</Box>
	);
}

/** Handles a command of the request pane; false when it is not one of its own. */
export function handleRequestCommand(command: Command, context: CommandContext): boolean {
	const {container, services} = context;
	const state = stateOf(context);
	const {collection, request} = selectedNow(context);
	if (collection === undefined || request === undefined) {
		if (command.startsWith('request.') || command === 'edit.enter') {
			say(context, 'No request selected: pick one in the collections pane', 'warning');
			return true;
		}

		return false;
	}

	const {store} = services;
	const rowCount = state.requestTab === 'headers' ? request.headers.length : state.requestTab === 'scripts' ? scriptSlots.length : state.requestScrollLimit + 1;
	const setRow = (row: number) => {
		container.dispatch({type: 'requestRow', row: Math.max(0, Math.min(row, rowCount - 1))});
	};

	const edit = (target: EditTarget) => {
		container.dispatch({type: 'setMode', mode: {kind: 'editing', target}});
	};

	switch (command) {
		case 'nav.up': {
			setRow(state.requestRow - 1);
			return true;
		}

		case 'nav.down': {
			setRow(state.requestRow + 1);
			return true;
		}

		case 'nav.top': {
			setRow(0);
			return true;
		}

		case 'nav.bottom': {
			setRow(rowCount - 1);
			return true;
		}

		case 'nav.pageUp': {
			setRow(state.requestRow - context.pageRows);
			return true;
		}

		case 'nav.pageDown': {
			setRow(state.requestRow + context.pageRows);
			return true;
		}

		case 'nav.left':
		case 'nav.right': {
			const index = requestTabs.indexOf(state.requestTab) + (command === 'nav.left' ? requestTabs.length - 1 : 1);
			container.dispatch({type: 'requestTab', tab: requestTabs[index % requestTabs.length]!});
			return true;
		}

		case 'request.cycleMethod': {
			storeChange(context, () => {
				store.updateRequest(collection.id, request.id, current => ({...current, method: cycle(httpMethods, current.method)}));
			});
			return true;
		}

		case 'request.editUrl': {
			edit({kind: 'url'});
			return true;
		}

		case 'request.addHeader': {
			container.dispatch({type: 'requestTab', tab: 'headers'});
			edit({kind: 'header', index: 'new'});
			return true;
		}

		case 'request.toggleHeader': {
			const header = request.headers[state.requestRow];
			if (state.requestTab === 'headers' && header !== undefined) {
				storeChange(context, () => {
					store.updateRequest(collection.id, request.id, current => {
						const index = headerIndexNow(current.headers, state.requestRow, header);
						return {...current, headers: current.headers.map((candidate, position) => position === index ? {...candidate, enabled: !header.enabled} : candidate)};
					});
				});
			}

			return true;
		}

		case 'request.delete': {
			const header = request.headers[state.requestRow];
			if (state.requestTab === 'headers' && header !== undefined) {
				const action = {kind: 'delete-header', collectionId: collection.id, requestId: request.id, index: state.requestRow, header} as const;
				container.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete header "${header.name}"?`, action}});
			}

			return true;
		}

		case 'request.bodyType': {
			storeChange(context, () => {
				store.updateRequest(collection.id, request.id, current => ({...current, body: changeBodyType(current.body, cycle(editableBodyTypes, current.body.type))}));
			});
			if (state.requestTab !== 'body') {
				container.dispatch({type: 'requestTab', tab: 'body'});
			}

			return true;
		}

		case 'edit.enter': {
			enterField(context, collection, request);
			return true;
		}

		case 'request.openEditor': {
			openExternalEditor(context, collection, request);
			return true;
		}

		default: {
			return false;
		}
	}
}

function enterField(context: CommandContext, collection: Collection, request: Request): void {
	const {container, services} = context;
	const state = stateOf(context);
	switch (state.requestTab) {
		case 'headers': {
			const index = request.headers[state.requestRow] === undefined ? 'new' : state.requestRow;
			container.dispatch({type: 'setMode', mode: {kind: 'editing', target: {kind: 'header', index}}});
			return;
		}

		case 'body': {
			if (request.body.type === 'none') {
				storeChange(context, () => {
					services.store.updateRequest(collection.id, request.id, current => ({...current, body: changeBodyType(current.body, typeToEdit(current.body))}));
				});
			}

			container.dispatch({type: 'setMode', mode: {kind: 'editing', target: {kind: 'body'}}});
			return;
		}

		case 'scripts': {
			container.dispatch({type: 'setMode', mode: {kind: 'editing', target: {kind: 'script', slot: scriptSlots[Math.min(state.requestRow, scriptSlots.length - 1)]!}}});
			return;
		}

		case 'preview': {
			container.dispatch({type: 'setMode', mode: {kind: 'editing', target: {kind: 'url'}}});
		}
	}
}

function openExternalEditor(context: CommandContext, collection: Collection, request: Request): void {
	const {services} = context;
	const state = stateOf(context);
	context.saver.flush();
	const slot = state.requestTab === 'scripts' ? scriptSlots[Math.min(state.requestRow, scriptSlots.length - 1)] : undefined;
	const text = slot === undefined ? editableText(request.body) : scriptText(collection, request, slot);
	const extension = slot === undefined ? (request.body.type === 'json' ? 'json' : 'txt') : 'js';
	const written = editInEditor(context, text, extension);
	if (written === undefined) {
		return;
	}

	// Editors end files with a newline; a body or script rarely wants it.
	const edited = written.replace(/\r?\n$/, '');
	storeChange(context, () => {
		if (slot === undefined) {
			services.store.updateRequest(collection.id, request.id, current => ({...current, body: bodyWithText(current.body, request.body.type, edited)}));
		} else {
			saveScript(services, collection, request, slot, edited);
		}
	});
	say(context, slot === undefined ? 'Body updated from $EDITOR' : `${scriptLabel(slot)} updated from $EDITOR`);
}
