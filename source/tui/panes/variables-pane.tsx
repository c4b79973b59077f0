/**
The variables pane: every variable in effect for the selected collection and
environment, with the scope it comes from (collection, environment, runtime), its kind
and its value; secrets masked. Edits are typed and saved through the store at once;
runtime variables live in the session and can be pinned into the collection.
*/
import {useEffect, useRef} from 'react';
import {Box, Text} from 'ink';
import stringWidth from 'string-width';
import type {Collection} from '../../core/model.js';
import {effectiveVariables, type EffectiveVariable, type Scope} from '../../core/scopes.js';
import {secretNames} from '../../core/secrets.js';
import type {Session} from '../../core/session/session.js';
import {kindOf} from '../../core/values.js';
import {useAppState, useCollections, useContainer, useServices} from '../app-context.js';
import type {TuiState} from '../app-context.js';
import type {ConfirmAction, VariableTarget} from '../app-state.js';
import {colorsEnabled} from '../color-support.js';
import type {Command} from '../keymap.js';
import {scrollTop} from './collection-tree.js';
import type {PaneProps} from './collections-pane.js';
import {collectionsNow, say, selectedNow, stateOf, storeChange, type CommandContext} from './command-context.js';
import {openValuePrompt} from './modal-actions.js';
import {contentRows, PaneFrame} from './pane-frame.js';
import {showValue} from './show-value.js';
import {editableKindOf} from './variable-input.js';
import {keyOf, selectedRow} from './variable-selection.js';

const scopeTags: Readonly<Record<Scope, string>> = {collection: 'C', environment: 'E', folder: 'F', request: 'Q', runtime: 'R'};
const scopeColors: Readonly<Record<Scope, string>> = {collection: 'blue', environment: 'magenta', folder: 'green', request: 'cyan', runtime: 'yellow'};

/** The variables in effect for a collection and its chosen environment, runtime included. */
export function variablesInEffect(session: Session, collection: Collection, environmentId: string | undefined): EffectiveVariable[] {
	const environment = collection.environments.find(candidate => candidate.id === environmentId);
	return effectiveVariables({
		collection: collection.variables,
		environment: environment?.variables ?? [],
		runtime: Object.fromEntries(session.runtimeOf(collection)),
	});
}

export function VariablesPane({width, height, focused}: PaneProps) {
	const state = useAppState();
	const container = useContainer();
	const collections = useCollections();
	const {session} = useServices();
	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const rowsShown = Math.max(1, contentRows(height) - 1);
	const top = useRef(0);
	const colors = colorsEnabled();
	const variables = collection === undefined ? [] : variablesInEffect(session, collection, state.environments[collection.id]);
	const selected = selectedRow(variables, state.selectedVariable);
	const current = variables[selected];
	const shownScope = current?.scope;
	const shownName = current?.name;
	useEffect(() => {
		// The row shown selected becomes the selection (the first row, a gone variable's neighbour), so it stays when rows come above it.
		if (shownScope !== undefined && shownName !== undefined) {
			container.dispatch({type: 'selectVariable', variable: {scope: shownScope, name: shownName}});
		}
	}, [container, shownScope, shownName, state.selectedVariable]);
	if (collection === undefined) {
		return (
			<PaneFrame title="Variables" focused={focused} width={width} height={height}>
				<Text dimColor wrap="truncate-end">Select a collection</Text>
			</PaneFrame>
		);
	}

	top.current = scrollTop(selected, variables.length, rowsShown, top.current);
	const nameWidth = Math.min(16, Math.max(4, ...variables.map(variable => stringWidth(variable.name))));
	return (
		<PaneFrame title="Variables" detail={state.revealSecrets ? 'secrets shown' : undefined} focused={focused} width={width} height={height}>
			{variables.length === 0 ? <Text dimColor wrap="truncate-end">None yet: n adds one</Text> : null}
			{variables.slice(top.current, top.current + rowsShown).map((variable, index) => {
				const isSelected = top.current + index === selected;
				const nameCells = stringWidth(variable.name);
				// The border, the scope tag and the spaces after it and after the name take 5 cells.
				const valueCells = width - 5 - Math.max(nameWidth, nameCells);
				return (
					<Text key={variable.name} wrap="truncate-end" inverse={focused && isSelected}>
						<Text color={colors ? scopeColors[variable.scope] : undefined}>{scopeTags[variable.scope]}</Text>
						{' '}{variable.name}{' '.repeat(Math.max(0, nameWidth - nameCells))} <Text dimColor={variable.secret === true && !state.revealSecrets}>{showValue(variable.value, {secret: variable.secret, reveal: state.revealSecrets, cells: valueCells})}</Text>
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

function selectedVariable(context: CommandContext, state: TuiState): {collection?: Collection; variables: EffectiveVariable[]; row: number} {
	const {collection} = selectedNow(context);
	if (collection === undefined) {
		return {variables: [], row: 0};
	}

	const variables = variablesInEffect(context.services.session, collection, state.environments[collection.id]);
	return {collection, variables, row: selectedRow(variables, state.selectedVariable)};
}

/** Handles a command of the variables pane; false when it is not one of its own. */
export function handleVariablesCommand(command: Command, context: CommandContext): boolean {
	const {container, services} = context;
	const state = stateOf(context);
	const {collection, variables, row: selected} = selectedVariable(context, state);
	const variable = variables[selected];
	const setRow = (row: number) => {
		const chosen = variables[Math.max(0, Math.min(row, variables.length - 1))];
		if (chosen !== undefined) {
			container.dispatch({type: 'selectVariable', variable: keyOf(chosen)});
		}
	};

	if (collection === undefined) {
		if (command.startsWith('variables.') || command === 'edit.enter') {
			say(context, 'No collection selected: pick one in the collections pane', 'warning');
			return true;
		}

		return false;
	}

	const environmentId = variable?.scope === 'environment' ? state.environments[collection.id] : undefined;
	switch (command) {
		case 'nav.up': {
			setRow(selected - 1);
			return true;
		}

		case 'nav.down': {
			setRow(selected + 1);
			return true;
		}

		case 'nav.top': {
			setRow(0);
			return true;
		}

		case 'nav.bottom': {
			setRow(variables.length - 1);
			return true;
		}

		case 'nav.pageUp': {
			setRow(selected - context.pageRows);
			return true;
		}

		case 'nav.pageDown': {
			setRow(selected + context.pageRows);
			return true;
		}

		case 'variables.new': {
			// New variables go where the user is looking: the chosen environment, else the collection.
			const chosen = collection.environments.find(environment => environment.id === state.environments[collection.id]);
			const where = chosen === undefined ? collection.name : `environment ${chosen.name}`;
			container.dispatch({type: 'setMode', mode: {kind: 'prompt', label: `New variable in ${where}, name`, initial: '', purpose: {kind: 'variable-name', collectionId: collection.id, environmentId: chosen?.id}}});
			return true;
		}

		case 'variables.edit':
		case 'edit.enter':
		case 'variables.editKind': {
			if (variable !== undefined) {
				const target: VariableTarget = {collectionId: collection.id, scope: variable.scope, environmentId, name: variable.name, isNew: false, secret: variable.secret};
				const valueKind = editableKindOf(variable.value);
				// A quick tweak keeps the value's kind; t asks for one first.
				if (command === 'variables.editKind') {
					container.dispatch({type: 'setMode', mode: {kind: 'pick-kind', variable: target, valueKind}});
				} else {
					openValuePrompt(context, target, valueKind);
				}
			}

			return true;
		}

		case 'variables.delete': {
			if (variable === undefined) {
				return true;
			}

			const hidden = variable.shadows.at(-1);
			container.dispatch({
				type: 'setMode',
				mode: {
					kind: 'confirm',
					question: `Delete the ${variable.scope} variable "${variable.name}"${hidden === undefined ? '' : ` (the ${hidden} one shows then)`}?`,
					action: {kind: 'delete-variable', collectionId: collection.id, variable: keyOf(variable), environmentId},
				},
			});
			return true;
		}

		case 'variables.secret': {
			if (variable === undefined) {
				return true;
			}

			if (variable.scope === 'runtime') {
				say(context, `${variable.name} lives for this session only: pin it (p) into the collection to mark it secret`, 'warning');
				return true;
			}

			storeChange(context, () => {
				// The value as stored when it is written: another window may have changed it since it was drawn.
				services.store.updateVariable(collection.id, variable.name, current => current && {...current, secret: !variable.secret}, environmentId);
			});
			say(context, variable.secret ? `${variable.name} is no longer secret` : `${variable.name} is secret: masked here, left out of exports`);
			return true;
		}

		case 'variables.pin': {
			if (variable === undefined) {
				return true;
			}

			if (variable.scope !== 'runtime') {
				say(context, `${variable.name} is already saved in the ${variable.scope}: pin takes runtime variables (R)`, 'warning');
				return true;
			}

			/*
			Into the chosen environment when it has the name (a collection value would stay hidden
			behind it, and another value be sent), else into the collection. A secret stays secret,
			whichever scope marks the name secret.
			*/
			const chosen = collection.environments.find(environment => environment.id === state.environments[collection.id]);
			const inEnvironment = chosen?.variables.find(candidate => candidate.name === variable.name);
			const into = inEnvironment === undefined ? undefined : chosen;
			const pinned = storeChange(context, () => {
				services.store.setVariable(collection.id, {name: variable.name, value: variable.value, ...(secretNames(collection).has(variable.name) ? {secret: true} : {})}, into?.id);
				services.session.runtimeOf(collection).delete(variable.name);
				return true;
			});
			if (pinned === true) {
				say(context, `Pinned ${variable.name} into ${into === undefined ? collection.name : `environment ${into.name}`}`);
			}

			return true;
		}

		case 'variables.reveal': {
			container.dispatch({type: 'toggleReveal'});
			return true;
		}

		default: {
			return false;
		}
	}
}

/** Deletes the variable a y answered for; its neighbour, or the one it hid, is selected then. */
export function deleteVariable(context: CommandContext, action: Extract<ConfirmAction, {kind: 'delete-variable'}>): void {
	const {services} = context;
	const {collectionId, variable, environmentId} = action;
	const collection = collectionsNow(context).find(candidate => candidate.id === collectionId);
	const inEffect = collection === undefined ? [] : variablesInEffect(services.session, collection, stateOf(context).environments[collectionId]);
	const hidden = inEffect.find(candidate => candidate.scope === variable.scope && candidate.name === variable.name)?.shadows.at(-1);
	storeChange(context, () => {
		if (variable.scope === 'runtime') {
			services.session.runtimeOf({id: collectionId}).delete(variable.name);
		} else {
			services.store.deleteVariable(collectionId, variable.name, environmentId);
		}
	});
	say(context, hidden === undefined ? `Deleted ${variable.name}` : `Deleted the ${variable.scope} ${variable.name}: the ${hidden} one shows now`);
}

/**
Why a new variable cannot be called `name` where it is added (the collection, or the
environment `environmentId`): that scope has one of that name. The same name in another
scope is fine: it hides or is hidden by the other, on purpose.
*/
export function nameTakenProblem(session: Session, collection: Collection, environmentId: string | undefined, name: string): string | undefined {
	const scope: Scope = environmentId === undefined ? 'collection' : 'environment';
	const environment = collection.environments.find(candidate => candidate.id === environmentId);
	const saved = scope === 'collection' ? collection.variables : environment?.variables ?? [];
	if (!saved.some(variable => variable.name === name)) {
		return undefined;
	}

	const where = environment === undefined ? 'this collection' : `environment ${environment.name}`;
	const shown = variablesInEffect(session, collection, environmentId).find(variable => variable.name === name);
	if (shown !== undefined && shown.scope !== scope) {
		return `A variable "${name}" already exists in ${where}, hidden by the ${shown.scope} one: pick another name`;
	}

	return `A variable "${name}" already exists in ${where}: Esc, then Enter on it edits it`;
}
