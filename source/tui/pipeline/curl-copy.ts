/**
Copy as curl (`C`): the selected request resolved as a send would resolve it (the session's
preview: placeholders filled, auth applied; scripts do not run), with the cookies the
collection's jar would add to it, written as a curl command and copied with OSC 52, as `y`
copies a body. A collection that does not verify TLS gets --insecure; redirects are not
followed (curl's -L keeps a custom method where curlew turns a 303 into a GET), so curl shows
the first answer. A command that holds secret values (a secret variable's, a cookie's from
the jar: a session's login) asks first whether they go to the clipboard in clear; any answer
but yes masks them.
*/
import {cookieHeaderOf} from '../../core/http/cookie-header.js';
import {formatSize} from '../../core/http/format-size.js';
import type {PreparedRequest} from '../../core/http/types.js';
import {settingsFor} from '../../core/model.js';
import {placeholderList} from '../../core/problem-list.js';
import {mask} from '../../core/secrets.js';
import type {TuiServices} from '../app-context.js';
import type {CurlCopyKey} from '../state/mode.js';
import {keyLabel, keysFor} from '../keymap.js';
import {maxCopyBytes, type Clipboard} from '../panes/response/osc52.js';
import {selectedOf} from '../selection.js';
import type {Step} from './step.js';
import type {World} from './world.js';

export type CurlCommands =
	| {kind: 'made'; clear: string; masked: string; secretCount: number; unresolved: string | undefined}
	| {kind: 'refused'; message: string};

/** The key: copy the selected request, asking about its secrets when it has any. */
export function copySelectedAsCurl(step: Step, world: World): void {
	const {collection, request} = selectedOf(world.collections(), step.state);
	if (collection === undefined || request === undefined) {
		step.say(`No request selected: select one, then ${keyLabel(keysFor('request.copyAsCurl')[0]!)} copies it as curl`, 'warning');
		return;
	}

	step.effect({type: 'copyAsCurl', of: {collectionId: collection.id, requestId: request.id, environmentId: step.state.environments[collection.id]}, secrets: 'ask'});
}

/** The command of the request `of` names, in clear and with its secrets masked, or why there is none. */
export async function curlCommandsOf({session, env}: TuiServices, world: World, of: CurlCopyKey): Promise<CurlCommands> {
	const collection = world.collections().find(candidate => candidate.id === of.collectionId);
	const request = collection?.requests.find(candidate => candidate.id === of.requestId);
	if (collection === undefined || request === undefined) {
		return {kind: 'refused', message: 'Nothing copied: the request was deleted in another curlew window'};
	}

	// Loaded at the first copy: its file types' table (mime-types) is no part of the first frame.
	const {curlCommand, CurlCommandError} = await import('../../core/formats/curl-command.js');
	try {
		const preview = await session.preview(collection, request, {environment: of.environmentId, env});
		if (preview.prepared === undefined) {
			return {kind: 'refused', message: `Nothing copied: ${preview.error ?? 'the request cannot be built'}`};
		}

		const insecure = !settingsFor(collection, request).verifyTls;
		const jarCookies = (await session.jarCookiesFor(collection, preview.prepared.url)).split('; ').filter(pair => pair !== '');
		const clear = curlCommand(withCookies(preview.prepared, jarCookies), {insecure});
		const masked = curlCommand(withCookies(preview.prepared, jarCookies.map(pair => maskedCookie(pair))), {secrets: preview.secrets, mask, insecure});
		// At least one where masking changed the command: a secret's text may be quoted differently there.
		const secretCount = Math.max(clear === masked ? 0 : 1, preview.secrets.filter(secret => clear.includes(secret)).length + jarCookies.length);
		return {kind: 'made', clear, masked, secretCount, unresolved: preview.problems.length === 0 ? undefined : placeholderList(preview.problems)};
	} catch (error) {
		if (error instanceof CurlCommandError) {
			return {kind: 'refused', message: `Nothing copied: ${error.message}`};
		}

		throw error;
	}
}

/** The request with the jar's cookies (`name=value` each) in its one Cookie header, after its own, as a send merges them. */
function withCookies(request: PreparedRequest, jarCookies: readonly string[]): PreparedRequest {
	if (jarCookies.length === 0) {
		return request;
	}

	const isCookie = ([name]: readonly [string, string]) => name.toLowerCase() === 'cookie';
	const own = request.headers.filter(header => isCookie(header)).map(([, value]) => value);
	return {...request, headers: [...request.headers.filter(header => !isCookie(header)), ['Cookie', cookieHeaderOf(own, jarCookies.join('; '))]]};
}

function maskedCookie(pair: string): string {
	const equals = pair.indexOf('=');
	return equals === -1 ? mask : `${pair.slice(0, equals + 1)}${mask}`;
}

/** Goes on once the commands are made: asks about the secrets, or copies. */
export function copyCurlCommand({commands, of, secrets}: {commands: CurlCommands; of: CurlCopyKey; secrets: 'ask' | 'masked' | 'shown'}, step: Step): void {
	if (commands.kind === 'refused') {
		step.say(commands.message, 'error');
		return;
	}

	const {clear, masked, secretCount, unresolved} = commands;
	const hasSecrets = clear !== masked;
	// A question is asked only where keys answer questions: not over a field typed in meanwhile.
	if (secrets === 'ask' && hasSecrets && step.state.mode.kind === 'navigating') {
		step.dispatch({type: 'setMode', mode: {kind: 'confirm', question: `The curl command holds ${secretCount === 1 ? 'a secret value' : `${secretCount} secret values`}: copy ${secretCount === 1 ? 'it' : 'them'} in clear?`, action: {kind: 'copy-curl', of}}});
		return;
	}

	const text = secrets === 'shown' ? clear : masked;
	const bytes = new TextEncoder().encode(text);
	if (bytes.length > maxCopyBytes) {
		step.say(`Nothing copied: the curl command is ${formatSize(bytes.length)}, more than OSC 52 carries (${formatSize(maxCopyBytes)}); a file body goes as @file, a body of that size is best sent from a file`, 'error');
		return;
	}

	const secretsSaid = !hasSecrets ? '' : secrets === 'shown' ? ', secrets in clear' : ', secrets masked';
	step.effect({type: 'copy', bytes, saying: clipboard => copiedSaying(clipboard, secretsSaid, unresolved)});
}

function copiedSaying(clipboard: Clipboard, secretsSaid: string, unresolved: string | undefined): {text: string; tone: 'info' | 'warning'} {
	const tmux = clipboard.inTmux ? ' (in tmux: needs set-clipboard on or allow-passthrough on)' : '';
	const copied = `Copied the request as curl (${formatSize(clipboard.copied)}${secretsSaid}) with OSC 52${tmux}`;
	return unresolved === undefined
		? {text: copied, tone: 'info'}
		: {text: `${copied}; unresolved, left as written: ${unresolved}`, tone: 'warning'};
}
