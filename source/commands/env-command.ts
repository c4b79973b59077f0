/**
`curlew env allow|deny|list`: the environment variables `{{process.env.NAME}}` may read, in
the user's own settings. No collection can change them, so a collection someone shared reads
only what its user allowed.
*/
import {envEntryProblem} from '../core/interpolate/env-allowance.js';
import type {Store} from '../core/store/store.js';
import {oneLine} from '../core/visible-text.js';
import {UsageError} from './parse-var.js';

/** What the command prints: the list on stdout, one entry a line; what was done, or that the list is empty, on stderr. */
export type EnvCommandResult = {listed: string; said?: undefined} | {listed?: undefined; said: string};

export const envUsage = 'curlew env allow NAME|PREFIX* ..., curlew env deny NAME|PREFIX* ..., or curlew env list';

export function envCommand(store: Store, action: string | undefined, entries: readonly string[]): EnvCommandResult {
	switch (action) {
		case undefined:
		case 'list': {
			if (entries.length > 0) {
				throw new UsageError(`curlew env list takes no names: ${envUsage}`);
			}

			const {allowedEnv} = store.settings();
			return allowedEnv.length === 0
				? {said: 'No environment variable is allowed, so {{process.env.NAME}} reads none: allow one with curlew env allow NAME, or a prefix with curlew env allow MYAPP_*'}
				: {listed: allowedEnv.map(entry => `${entry}\n`).join('')};
		}

		case 'allow': {
			const wanted = checkedEntries('allow', entries);
			const before = store.settings().allowedEnv;
			const added = wanted.filter(entry => !before.includes(entry));
			if (added.length > 0) {
				store.updateSettings(settings => ({...settings, allowedEnv: [...settings.allowedEnv, ...added.filter(entry => !settings.allowedEnv.includes(entry))]}));
			}

			const already = wanted.filter(entry => before.includes(entry));
			return {said: [
				added.length > 0 ? `Allowed ${added.join(', ')}: {{process.env.NAME}} reads ${added.length === 1 ? 'it' : 'them'} in every collection` : '',
				already.length > 0 ? `${already.join(', ')} ${already.length === 1 ? 'was' : 'were'} allowed already` : '',
			].filter(Boolean).join('; ')};
		}

		case 'deny': {
			const wanted = checkedEntries('deny', entries);
			const {allowedEnv} = store.settings();
			for (const entry of wanted) {
				if (!allowedEnv.includes(entry)) {
					throw new UsageError(notAllowed(entry, allowedEnv));
				}
			}

			store.updateSettings(settings => ({...settings, allowedEnv: settings.allowedEnv.filter(entry => !wanted.includes(entry))}));
			return {said: `Denied ${wanted.join(', ')}: {{process.env.NAME}} no longer reads ${wanted.length === 1 ? 'it' : 'them'}`};
		}

		default: {
			throw new UsageError(oneLine(`curlew env has no ${JSON.stringify(action)}: ${envUsage}`));
		}
	}
}

/** The entries given, each a name or prefix that can be allowed; a UsageError for the first that cannot, so nothing changes. */
function checkedEntries(action: 'allow' | 'deny', entries: readonly string[]): string[] {
	if (entries.length === 0) {
		throw new UsageError(`curlew env ${action} needs the names or prefixes to ${action}: curlew env ${action} NAME|PREFIX* ...`);
	}

	for (const entry of entries) {
		const problem = envEntryProblem(entry);
		if (problem !== undefined) {
			throw new UsageError(oneLine(`curlew env ${action}: ${problem}; nothing was changed`));
		}
	}

	return [...new Set(entries)];
}

/** Why `entry` cannot be denied: it is not in the list, though a prefix may cover it. */
function notAllowed(entry: string, allowed: readonly string[]): string {
	const prefix = allowed.find(each => each.endsWith('*') && entry.startsWith(each.slice(0, -1)));
	if (prefix !== undefined) {
		return `${entry} is allowed by the prefix ${prefix}: deny ${prefix}, then allow by name the ones still wanted; nothing was changed`;
	}

	return `${entry} is not allowed, so there is nothing to deny (${allowed.length === 0 ? 'none is allowed' : `allowed: ${allowed.join(', ')}`}); nothing was changed`;
}
