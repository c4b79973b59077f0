/** The four scripts a request runs with: its own and its collection's, before and after the send. */
import type {Collection, Request} from '../../../core/model.js';
import type {ScriptSlot} from '../../app-state.js';

export const scriptSlots: readonly ScriptSlot[] = [
	{owner: 'request', phase: 'preRequest'},
	{owner: 'request', phase: 'postResponse'},
	{owner: 'collection', phase: 'preRequest'},
	{owner: 'collection', phase: 'postResponse'},
];

export function scriptLabel(slot: ScriptSlot): string {
	return `${slot.owner === 'request' ? 'Request' : 'Collection'} ${slot.phase === 'preRequest' ? 'pre-request' : 'post-response'} script`;
}

export function scriptText(collection: Collection, request: Request, slot: ScriptSlot): string {
	return (slot.owner === 'request' ? request.scripts : collection.scripts)[slot.phase];
}
