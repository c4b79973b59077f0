/**
The variables pane: every variable in effect for the selected collection and
environment, with the scope it comes from (collection, environment, runtime), its kind
and its value; secrets masked. Edits are typed and saved through the store at once;
runtime variables live in the session and can be pinned into the collection.
*/
import {useRef} from 'react';
import {Box, Text} from 'ink';
import type {Collection} from '../../core/model.js';
import {effectiveVariables, type EffectiveVariable, type Scope} from '../../core/scopes.js';
import type {Session} from '../../core/session/session.js';
import {kindOf} from '../../core/values.js';
import {useAppState, useCollections, useServices} from '../app-context.js';
import type {TuiState} from '../app-context.js';
import {colorsEnabled} from '../color-support.js';
import type {Command} from '../keymap.js';
import {scrollTop} from './collection-tree.js';
import type {PaneProps} from './collections-pane.js';
import {say, selectedNow, stateOf, storeChange, type CommandContext} from './command-context.js';
import {contentRows, PaneFrame} from './pane-frame.js';
import {showValue} from './show-value.js';
import {editableKindOf} from './variable-input.js';

const scopeTags: Readonly<Record<Scope, string>> = {collection: 'C', environment: 'E', runtime: 'R'};
const scopeColors: Readonly<Record<Scope, string>> = {collection: 'blue', environment: 'magenta', runtime: 'yellow'};

/** The variables in effect for a collection and its chosen environment, runtime included. */
export function variablesInEffect(session: Session, collection: Collection, environmentId: string | undefined): EffectiveVariable[] {
	const environment = collection.environments.find(candidate => candidate.id === environmentId);
	return effectiveVariables({
		collection: collection.variables,
		environment: environment?.variables ?? [],
		runtime: Object.fromEntries(session.runtime),
	});
}

export function VariablesPane({width, height, focused}: PaneProps) {
	const state = useAppState();
	const collections = useCollections();
	const {session} = useServices();
	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const rowsShown = Math.max(1, contentRows(height) - 1);
	const top = useRef(0);
	const colors = colorsEnabled();
	if (collection === undefined) {
		return (
			<PaneFrame title="Variables" focused={focused} width={width} height={height}>
				<Text dimColor wrap="truncate-end">Select a collection</Text>
			</PaneFrame>
		);
	}

	const variables = variablesInEffect(session, collection, state.environments[collection.id]);
	const selected = Math.min(state.variablesRow, Math.max(0, variables.length - 1));
	top.current = scrollTop(selected, variables.length, rowsShown, top.current);
	const current = variables[selected];
	const nameWidth = Math.min(16, Math.max(4, ...variables.map(variable => variable.name.length)));
	return (
		<PaneFrame title="Variables" detail={state.revealSecrets ? 'secrets shown' : undefined} focused={focused} width={width} height={height}>
			{variables.length === 0 ? <Text dimColor wrap="truncate-end">None yet: n adds one</Text> : null}
			{variables.slice(top.current, top.current + rowsShown).map((variable, index) => {
				const isSelected = top.current + index === selected;
				return (
					<Text key={variable.name} wrap="truncate-end" inverse={focused && isSelected}>
						<Text color={colors ? scopeColors[variable.scope] : undefined}>{scopeTags[variable.scope]}</Text>
						{' '}{variable.name.padEnd(nameWidth)} <Text dimColor={variable.secret === true && !state.revealSecrets}>{showValue(variable.value, {secret: variable.secret, reveal: state.revealSecrets})}</Text>
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

function selectedVariable(context: CommandContext, state: TuiState): {collection?: Collection; variable?: EffectiveVariable; count: number} {
	const {collection} = selectedNow(context);
	if (collection === undefined) {
		return {count: 0};
	}

	const variables = variablesInEffect(context.services.session, collection, state.environments[collection.id]);
	return {collection, variable: variables[Math.min(state.variablesRow, variables.length - 1)], count: variables.length};
}

/** Handles a command of the variables pane; false when it is not one of its own. */
export function handleVariablesCommand(command: Command, context: CommandContext): boolean {
	const {container, services} = context;
	const state = stateOf(context);
	const {collection, variable, count} = selectedVariable(context, state);
	const setRow = (row: number) => {
		container.dispatch({type: 'variablesRow', row: Math.max(0, Math.min(row, count - 1))});
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
			setRow(state.variablesRow - 1);
			return true;
		}

		case 'nav.down': {
			setRow(state.variablesRow + 1);
			return true;
		}

		case 'nav.top': {
			setRow(0);
			return true;
		}

		case 'nav.bottom': {
			setRow(count - 1);
			return true;
		}

		case 'nav.pageUp': {
			setRow(state.variablesRow - context.pageRows);
			return true;
		}

		case 'nav.pageDown': {
			setRow(state.variablesRow + context.pageRows);
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
		case 'edit.enter': {
			if (variable !== undefined) {
				container.dispatch({
					type: 'setMode',
					mode: {
						kind: 'pick-kind',
						variable: {collectionId: collection.id, scope: variable.scope, environmentId, name: variable.name, isNew: false, secret: variable.secret},
						valueKind: editableKindOf(variable.value),
					},
				});
			}

			return true;
		}

		case 'variables.delete': {
			if (variable === undefined) {
				return true;
			}

			storeChange(context, () => {
				if (variable.scope === 'runtime') {
					services.session.runtime.delete(variable.name);
				} else {
					services.store.deleteVariable(collection.id, variable.name, environmentId);
				}
			});
			say(context, variable.shadows.length > 0 ? `Deleted the ${variable.scope} ${variable.name}: the ${variable.shadows.at(-1)} one shows now` : `Deleted ${variable.name}`);
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
				services.store.setVariable(collection.id, {name: variable.name, value: variable.value, secret: !variable.secret}, environmentId);
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

			storeChange(context, () => {
				services.store.setVariable(collection.id, {name: variable.name, value: variable.value});
				services.session.runtime.delete(variable.name);
			});
			say(context, `Pinned ${variable.name} into ${collection.name}`);
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
