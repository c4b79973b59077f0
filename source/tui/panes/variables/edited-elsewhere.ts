/**
The folder and request scopes show in the pane's chain, for the selected request, but their
variables are not changed here: a request's own are its details (o in the request pane), and
a folder's come with the collection's file (Bruno's folder.bru, Postman's folder variables,
curlew's own file). A key that would change one says where it is changed instead; a runtime
value (r) may still be set over either, and dropped again with x.
*/
import type {EffectiveVariable} from '../../../core/scopes.js';
import {kindOf} from '../../../core/values.js';
import type {Command} from '../../keymap.js';

/** The commands that change the variable in effect where it lives (the inspector's enter edits a part of it). */
const changesInPlace: ReadonlySet<Command> = new Set<Command>([
	'variables.edit',
	'variables.editKind',
	'variables.increment',
	'variables.decrement',
	'variables.openEditor',
	'variables.overrideEnvironment',
	'variables.dropOverride',
	'variables.delete',
	'variables.secret',
]);

/** Why `command` is not taken for `variable`, or undefined when it is. */
export function editedElsewhere(variable: EffectiveVariable, command: Command, inspecting: boolean): string | undefined {
	if (variable.scope !== 'folder' && variable.scope !== 'request') {
		return undefined;
	}

	const container = kindOf(variable.value) === 'object' || kindOf(variable.value) === 'array';
	const changes = changesInPlace.has(command) || (command === 'edit.enter' && (inspecting || !container));
	if (!changes) {
		return undefined;
	}

	if (command === 'variables.overrideEnvironment') {
		return `${variable.name} is the ${scopeLabel(variable)}'s, above the environment's: r sets a runtime value over it`;
	}

	return variable.scope === 'request'
		? `${variable.name} is the request's own variable: o in the request pane edits it (r sets a runtime value over it)`
		: `${variable.name} is folder ${variable.folder ?? ''}'s variable, from the collection's file: r sets a runtime value over it`;
}

/** `request`, `environment`, or `folder Users / Admin`. */
export function scopeLabel(variable: {scope: EffectiveVariable['scope']; folder?: string}): string {
	return variable.scope === 'folder' && variable.folder !== undefined ? `folder ${variable.folder}` : variable.scope;
}
