/**
The cookies tab's keys: moving through the collection's cookies, deleting the selected one,
and clearing the jar after a question.
*/
import type {CollectionCookieJar} from '../../../core/session/session.js';
import {oneLine} from '../../../core/visible-text.js';
import type {Command} from '../../keymap.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {jarCookies} from './cookie-rows.js';
import {listMoves} from './list-moves.js';
import type {PaneState} from './pane-state.js';

/** Handles a command of the cookies tab; false when it is not one of its own. */
export function cookieCommand(step: Step, command: Command, world: World, pane: PaneState): boolean {
	const isCookieCommand = command === 'response.deleteCookie' || command === 'response.clearCookies';
	if (pane.tab !== 'cookies') {
		if (isCookieCommand) {
			step.say('Cookies are deleted in the cookies tab: t goes through the tabs');
		}

		return isCookieCommand;
	}

	const {collectionId} = step.state.selection;
	const collection = world.collections().find(candidate => candidate.id === collectionId);
	const cookies = jarCookies(step.state);
	const move = listMoves[command];
	if (move !== undefined) {
		const count = cookies?.length ?? 0;
		step.dispatch({type: 'response', response: {...pane, cookieRow: Math.max(0, Math.min(count - 1, move(pane.cookieRow, count, Math.max(1, pane.views.headers.height - 2))))}});
		return true;
	}

	if (!isCookieCommand) {
		return false;
	}

	if (collection === undefined || cookies === undefined || cookies.length === 0) {
		step.say(collection === undefined ? 'No collection selected: its cookies show here' : `No cookie to delete: the cookie jar of "${collection.name}" is empty`);
		return true;
	}

	if (command === 'response.clearCookies') {
		step.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `Delete all ${cookies.length} cookie${cookies.length === 1 ? '' : 's'} of collection "${collection.name}"?`, action: {kind: 'clear-cookies', collectionId: collection.id}}});
		return true;
	}

	const cookie = cookies[Math.min(pane.cookieRow, cookies.length - 1)]!;
	changeJar(step, collection.id, async jar => jar.remove(cookie), `Deleted cookie ${oneLine(cookie.name)} of ${oneLine(cookie.domain)}${oneLine(cookie.path)}`);
	return true;
}

/** Changes the collection's jar, then shows it as it is now, the selection kept in the list, and says `done`. */
export function changeJar(step: Step, collectionId: string, change: (jar: CollectionCookieJar) => Promise<void>, done: string): void {
	step.effect({type: 'cookieJar', collectionId, change, then(list, next) {
		next.dispatch({type: 'cookiesLoaded', of: {collectionId, revision: next.state.revision}, list});
		const pane = next.state.response;
		if (pane !== undefined) {
			next.dispatch({type: 'response', response: {...pane, cookieRow: Math.max(0, Math.min(pane.cookieRow, list.length - 1))}});
		}

		next.say(done);
	}});
}
