/**
The modes the keys are in: moving around, editing a field of the request, a prompt, a
question to confirm, and the overlays; and the text of the open field.
*/
import type {Header} from '../../core/model.js';
import {createTextBuffer, type TextBufferState} from '../text-buffer.js';
import type {EditableKind, VariableKey, VariableTarget} from '../panes/variables/variable-types.js';

export type ScriptSlot = {owner: 'request' | 'collection'; phase: 'preRequest' | 'postResponse'};

/** A field of the request pane that a text editor has the keyboard of. */
export type EditTarget =
	| {kind: 'url'}
	/** `previous`: the header as the field opened on it (another window may change the list meanwhile). */
	| {kind: 'header'; index: number | 'new'; previous?: Header}
	| {kind: 'body'}
	| {kind: 'script'; slot: ScriptSlot};

export type PromptPurpose =
	| {kind: 'filter'}
	| {kind: 'new-collection'}
	| {kind: 'new-request'; collectionId: string}
	| {kind: 'new-environment'; collectionId: string}
	| {kind: 'rename-environment'; collectionId: string; environmentId: string}
	| {kind: 'rename-collection'; collectionId: string}
	| {kind: 'rename-request'; collectionId: string; requestId: string}
	| {kind: 'variable-name'; collectionId: string; environmentId?: string}
	| {kind: 'variable-value'; variable: VariableTarget; valueKind: EditableKind}
	| {kind: 'variable-filter'}
	/** The response pane's own prompts, drawn in its footer. */
	| {kind: 'search'}
	| {kind: 'save'}
	/** `recalled`: how many filters back the up key went, in the request's kept filters (none: what was typed). */
	| {kind: 'jq'; requestId: string; recalled?: number; typed?: string};

export type ConfirmAction =
	| {kind: 'delete-collection'; collectionId: string}
	| {kind: 'delete-request'; collectionId: string; requestId: string}
	| {kind: 'delete-variable'; collectionId: string; variable: VariableKey; environmentId?: string}
	| {kind: 'delete-environment'; collectionId: string; environmentId: string}
	| {kind: 'delete-header'; collectionId: string; requestId: string; index: number; header: Header};

/**
The text being typed in the open field (a request field or a prompt): every field is edited
by the same text buffer, so every one has the same keys, undo and paste.
*/
export type FieldState = {
	readonly buffer: TextBufferState;
	/** The text the field opened with. */
	readonly original: string;
	/**
	The stored text the field stands on: the one it opened on, or last saved. A save that finds
	another text stored there is a conflict with another window (see edit-conflict.ts).
	*/
	readonly standsOn: string;
	/** The other window's text, while a save met it and the user has not chosen (ctrl+o, ctrl+t); undefined theirs when it was deleted. */
	readonly conflict?: {theirs: string | undefined};
	/** Whether a key changed the text since it opened. */
	readonly edited: boolean;
	/** Where its view starts: it moves only as far as the cursor needs. */
	readonly scrollTop: number;
	readonly scrollLeft: number;
};

export function createField(text: string, singleLine: boolean): FieldState {
	return {buffer: createTextBuffer(text, {singleLine}), original: text, standsOn: text, edited: false, scrollTop: 0, scrollLeft: 0};
}

export type Mode =
	| {kind: 'navigating'}
	| {kind: 'editing'; target: EditTarget; field: FieldState}
	| {kind: 'prompt'; label: string; purpose: PromptPurpose; field: FieldState; error?: string}
	| {kind: 'confirm'; question: string; action: ConfirmAction}
	| {kind: 'pick-kind'; variable: VariableTarget; valueKind: EditableKind}
	| {kind: 'help'}
	| {kind: 'messages'};

