/**
The command line as curlew reads it, with node:util's parser (no library to load at start).
The CLI reads it whole; the entry (bin.ts) reads only which command it runs, to choose the
bundle that command runs from.
*/
import {parseArgs} from 'node:util';

/** Reads `args`, throwing node:util's error for a command line it refuses. */
export function parseCommandLine(args: string[]) {
	return parseArgs({
		args,
		allowPositionals: true,
		strict: true,
		tokens: true,
		options: {
			env: {type: 'string'},
			'no-env': {type: 'boolean', default: false},
			var: {type: 'string', multiple: true},
			strict: {type: 'boolean', default: false},
			raw: {type: 'boolean', default: false},
			bail: {type: 'boolean', default: false},
			iterations: {type: 'string'},
			data: {type: 'string'},
			format: {type: 'string', default: 'curlew'},
			into: {type: 'string'},
			help: {type: 'boolean', short: 'h'},
			version: {type: 'boolean', short: 'v'},
		},
	});
}

/** The word that names what `args` ask the CLI to do (`run`, `import`, a collection's name...): undefined for --help, --version, none, or a command line it refuses. */
export function commandOf(args: string[]): string | undefined {
	try {
		const {values, positionals} = parseCommandLine(args);
		return values.help === true || values.version === true ? undefined : positionals[0];
	} catch {
		return undefined;
	}
}
