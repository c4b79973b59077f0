/**
Opens a text in the user's `$VISUAL` or `$EDITOR` (without either, vi or nano, as git does)
and returns what they saved.

The editor gets the terminal: the caller leaves the alternate screen and raw mode before
(`suspend`) and takes them back after (`resume`). The child runs synchronously with stdio
inherited, so Ink reads no key meant for the editor while it runs.
*/
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {isOnPath} from './on-path.js';

export type ExternalEdit =
	| {kind: 'edited'; text: string; note?: string}
	| {kind: 'unchanged'; note?: string}
	| {kind: 'failed'; message: string};

export type ExternalEditOptions = {
	/** Read for VISUAL and EDITOR. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** The temporary file's extension, so the editor picks its syntax: `json`, `js`, `txt`. */
	extension?: string;
	/** Called before the editor starts: give it the terminal. */
	suspend?: () => void;
	/** Called after it ends, whatever happened: take the terminal back. */
	resume?: () => void;
};

/** What git falls back to when neither $VISUAL nor $EDITOR is set, in its order. */
const fallbackEditors = ['vi', 'nano'];

export const noEditorMessage = `No editor: $VISUAL and $EDITOR are not set, and neither ${fallbackEditors.join(' nor ')} is installed. Export EDITOR (for example EDITOR=vim) and try again`;

export type EditorChoice = {
	command: string;
	/** Set when neither $VISUAL nor $EDITOR is: the editor found on the PATH instead, for the user to be told. */
	fallback?: string;
};

/** The editor command: $VISUAL, then $EDITOR, then vi or nano found on the PATH; undefined when there is none. */
export function editorCommand(env: Readonly<Record<string, string | undefined>> = process.env): EditorChoice | undefined {
	const command = (env.VISUAL ?? '').trim() || (env.EDITOR ?? '').trim();
	if (command !== '') {
		return {command};
	}

	const found = fallbackEditors.find(name => isOnPath(name, env.PATH ?? ''));
	return found === undefined ? undefined : {command: found, fallback: found};
}

export function editExternally(text: string, options: ExternalEditOptions = {}): ExternalEdit {
	const env = options.env ?? process.env;
	const choice = editorCommand(env);
	if (choice === undefined) {
		return {kind: 'failed', message: noEditorMessage};
	}

	const {command} = choice;
	const note = choice.fallback === undefined ? undefined : `$VISUAL and $EDITOR are not set: edited in ${choice.fallback} (export EDITOR to choose another editor)`;

	const folder = mkdtempSync(path.join(tmpdir(), 'curlew-edit-'));
	const file = path.join(folder, `body.${options.extension ?? 'txt'}`);
	try {
		writeFileSync(file, text, {mode: 0o600});
		options.suspend?.();
		let result;
		try {
			// Through the shell, as git and others do, so EDITOR may carry arguments ("code --wait").
			result = spawnSync(`${command} ${shellQuote(file)}`, {shell: true, stdio: 'inherit', env: {...env}});
		} finally {
			options.resume?.();
		}

		if (result.error) {
			return {kind: 'failed', message: `The editor "${command}" could not start: ${result.error.message}`};
		}

		if (result.status === 127 && !result.signal) {
			// The shell's answer for a command it cannot find.
			return {kind: 'failed', message: `The editor "${command}" was not found: set $EDITOR (or $VISUAL) to an installed editor; nothing was changed`};
		}

		if (result.status !== 0) {
			const how = result.signal ? `was stopped by ${result.signal}` : `exited with code ${result.status}`;
			return {kind: 'failed', message: `The editor "${command}" ${how}: nothing was changed`};
		}

		const edited = readFileSync(file, 'utf8');
		const edit: ExternalEdit = edited === text ? {kind: 'unchanged'} : {kind: 'edited', text: edited};
		return note === undefined ? edit : {...edit, note};
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}

function shellQuote(text: string): string {
	return `'${text.replaceAll('\'', '\'\\\'\'')}'`;
}
