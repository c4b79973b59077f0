/**
Hands a text to the user's `$PAGER` (without one, `less -R`, then `more`), as git does: the
pager gets the terminal, reads the text on its standard input and the keys from the terminal,
and curlew takes the screen back when it quits. Colours only for a pager that shows them
(less with -R, from its command or $LESS) and never under NO_COLOR: any other would print the
escape codes as text.
*/
import {spawnSync} from 'node:child_process';
import {colorsEnabled} from './color-support.js';
import {isOnPath} from './on-path.js';

export type PagerChoice = {
	command: string;
	/** Whether the pager shows ANSI colours. */
	colours: boolean;
	/** Set when $PAGER is not: the pager found on the PATH instead. */
	fallback?: string;
};

export type PageOptions = {
	/** Read for PAGER, LESS, PATH and NO_COLOR. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** Called before the pager starts: give it the terminal. */
	suspend?: () => void;
	/** Called after it ends, whatever happened: take the terminal back. */
	resume?: () => void;
};

export type Paged = {kind: 'paged'; note?: string} | {kind: 'failed'; message: string};

export const noPagerMessage = 'No pager: $PAGER is not set, and neither less nor more is installed. Export PAGER (for example PAGER=less) and try again';

export function pagerCommand(env: Readonly<Record<string, string | undefined>> = process.env): PagerChoice | undefined {
	const colours = colorsEnabled(env as NodeJS.ProcessEnv);
	const command = (env.PAGER ?? '').trim();
	if (command !== '') {
		return {command, colours: colours && showsColours(command, env.LESS ?? '')};
	}

	if (isOnPath('less', env.PATH ?? '')) {
		return {command: 'less -R', colours, fallback: 'less -R'};
	}

	return isOnPath('more', env.PATH ?? '') ? {command: 'more', colours: false, fallback: 'more'} : undefined;
}

/** less shows colours with -R (or -r), given in its command (`less -FRX`) or in $LESS. */
function showsColours(command: string, lessOptions: string): boolean {
	const words = command.split(/\s+/);
	if (!/(^|\/)less$/.test(words[0] ?? '')) {
		return false;
	}

	const flags = [...words.slice(1), ...lessOptions.split(/\s+/).map(word => word.startsWith('-') ? word : `-${word}`)];
	return flags.some(flag => /^-[a-zA-Z]*[rR]/.test(flag) && !flag.startsWith('--'));
}

/** Pages the text `text(colours)` gives (with ANSI colours when the pager shows them). */
export function page(text: (colours: boolean) => string, options: PageOptions = {}): Paged {
	const env = options.env ?? process.env;
	const choice = pagerCommand(env);
	if (choice === undefined) {
		return {kind: 'failed', message: noPagerMessage};
	}

	const input = text(choice.colours);
	options.suspend?.();
	let result;
	try {
		// Through the shell, as git does, so PAGER may carry arguments ("less -S").
		result = spawnSync(choice.command, {shell: true, stdio: ['pipe', 'inherit', 'inherit'], input, env: {...env}, maxBuffer: Number.POSITIVE_INFINITY});
	} finally {
		options.resume?.();
	}

	// A pager quit before the end of a long text closes its input: no failure.
	if (result.error && (result.error as NodeJS.ErrnoException).code !== 'EPIPE') {
		return {kind: 'failed', message: `The pager "${choice.command}" could not start: ${result.error.message}`};
	}

	if (result.status === 127 && !result.signal) {
		return {kind: 'failed', message: `The pager "${choice.command}" was not found: set $PAGER to an installed pager`};
	}

	return choice.fallback === undefined ? {kind: 'paged'} : {kind: 'paged', note: `$PAGER is not set: shown in ${choice.fallback} (export PAGER to choose another pager)`};
}
