/**
Opens a text in the user's `$EDITOR` (or `$VISUAL`) and returns what they saved.

The editor gets the terminal: the caller leaves the alternate screen and raw mode before
(`suspend`) and takes them back after (`resume`). The child runs synchronously with stdio
inherited, so Ink reads no key meant for the editor while it runs.
*/
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export type ExternalEdit =
	| {kind: 'edited'; text: string}
	| {kind: 'unchanged'}
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

export const noEditorMessage = 'No editor set: export EDITOR (for example EDITOR=vim) and press e again';

/** The editor command: $VISUAL, then $EDITOR, or undefined when neither is set. */
export function editorCommand(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
	const command = (env.VISUAL ?? '').trim() || (env.EDITOR ?? '').trim();
	return command === '' ? undefined : command;
}

export function editExternally(text: string, options: ExternalEditOptions = {}): ExternalEdit {
	const env = options.env ?? process.env;
	const command = editorCommand(env);
	if (command === undefined) {
		return {kind: 'failed', message: noEditorMessage};
	}

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
		return edited === text ? {kind: 'unchanged'} : {kind: 'edited', text: edited};
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}

function shellQuote(text: string): string {
	return `'${text.replaceAll('\'', '\'\\\'\'')}'`;
}
