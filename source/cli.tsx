/*
The CLI: reads the command line and runs the command. bin.ts runs it from the bundle, with
the start-up cache that `ready` tells it when to write.
*/
import process from 'node:process';
import {parseCommandLine} from './command-line.js';
import {exitCodes} from './commands/exit-codes.js';
import {parseIterationsFlag} from './commands/parse-iterations.js';
import {parseVarFlag, UsageError} from './commands/parse-var.js';
import {describeWriteError, isReaderGone, writeOutput} from './commands/write-output.js';
import {openStore} from './core/store/store.js';
import {version} from './core/version.js';
import {oneLine} from './core/visible-text.js';

const help = `
  A keyboard-driven API client for the terminal, with typed variable interpolation

  Usage
    $ curlew [collection] [request]          open the terminal UI (on that request)
    $ curlew run <collection> [request...]   send requests; bodies to stdout, status to stderr
    $ curlew import <file|folder>             add a collection from a curlew or Postman file,
                                             curl commands or a Bruno collection's folder
    $ curlew export <collection>              print a collection as curlew (or Postman) JSON
    $ curlew env allow <NAME|PREFIX*>...      let {{process.env.NAME}} read these environment
                                             variables, in every collection (none by default)
    $ curlew env deny <NAME|PREFIX*>...       take them back
    $ curlew env list                         print the names and prefixes allowed
    $ curlew --help | --version

  Options for run
    --env <name>          use that environment of the collection (default: the one
                          last chosen in the terminal UI, if any)
    --no-env              use no environment, whatever the terminal UI last chose
    --var <name=json>     set a runtime variable (repeatable): --var id=42 --var user='{"id":1}'
                          a plain word is a string: --var stage=beta
    --strict              refuse to send while a placeholder is unresolved, and list them
    --raw                 write bodies to a terminal byte for byte; without it a terminal
                          sees control characters as pictures (ESC as ␛) and no binary
                          body (a pipe or a file always gets the exact bytes)
    --bail                stop at the first request that fails (a failed script or
                          test, a 4xx/5xx, a transport error); without it the run goes
                          on, and a run of several requests ends with a summary
    --iterations <n>      run the requests n times over (with --data: past its last
                          row, the last row again, as newman does)
    --data <file.csv|file.json>
                          run the requests once per row of a CSV file (its first line
                          names the columns) or of a JSON array of objects; a row's
                          values are variables of its iteration ({{id}}, pm.iterationData)

  Options for import
    --into <collection>   put a Postman environment file into that collection

  Options for export
    --format curlew|postman  the file format: curlew JSON (default) or Postman Collection v2.1

  Names of collections, requests and environments: the exact name, else the one name
  that matches ignoring case, else the one whose slug does (get-user for "Get user").
  When several match and none exactly, curlew run lists them and sends nothing.

  Exit codes of run, the worst of the run: 0 for 1xx-3xx responses, 1 when one is 4xx or
  5xx or a test failed, 2 for transport, script or input errors, when stdout cannot be
  written (a full disk), or when a binary body was not written to a terminal (see --raw).
  When the reader of stdout stops reading (| head), run sends nothing more and exits with
  the code of the responses so far; stopped by ctrl+c, it exits with 130. The store lives
  in $CURLEW_CONFIG_DIR when it is set.

  Examples
    $ curlew run "Getting started" "Get user" | jq .
    $ curlew run api login get-profile --env staging --var userId=7
`;

/** Reads the command line; a command line it refuses is a usage error. */
function readCommandLine(args: string[]): ReturnType<typeof parseCommandLine> {
	try {
		return parseCommandLine(args);
	} catch (error) {
		throw new UsageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}: see curlew --help`);
	}
}

/** The options each command reads; any other given to it is refused, not ignored. */
const optionsOf: Readonly<Record<string, readonly string[]>> = {
	run: ['env', 'no-env', 'var', 'strict', 'raw', 'bail', 'iterations', 'data'],
	import: ['into'],
	export: ['format'],
	env: [],
};

function refuseOthersOptions(command: string | undefined, given: readonly string[]): void {
	const known = command !== undefined && Object.hasOwn(optionsOf, command);
	// --help and --version have been answered before this is asked.
	const stray = given.find(option => !(known && optionsOf[command]!.includes(option)));
	if (stray === undefined) {
		return;
	}

	const owners = Object.keys(optionsOf).filter(owner => optionsOf[owner]!.includes(stray)).map(owner => `curlew ${owner}`);
	const where = known ? `curlew ${command}` : 'the terminal UI';
	throw new UsageError(`--${stray} is an option of ${owners.join(' and ')}, not of ${where}: see curlew --help`);
}

/** What a run is, for the start-up cache: each kind starts up in its own code. */
export type StartupKind = 'tui' | 'run' | 'import' | 'export' | 'env';

export type CliStartup = {
	/** Called once the run has done what its start-up does: the TUI's first frame is drawn, or a command has done its work. */
	ready?(kind: StartupKind): void;
};

async function main(startup: CliStartup): Promise<number> {
	const {values: flags, positionals, tokens} = readCommandLine(process.argv.slice(2));
	if (flags.help) {
		return print(`${help}\n`, 'the help');
	}

	if (flags.version) {
		return print(`${version}\n`, 'the version');
	}

	const [command, ...rest] = positionals;
	refuseOthersOptions(command, tokens.flatMap(token => token.kind === 'option' ? [token.name] : []));
	switch (command) {
		case 'run': {
			const [collection, ...requests] = rest;
			if (collection === undefined) {
				throw new UsageError('curlew run needs a collection: curlew run <collection> [request...]');
			}

			if (flags['no-env'] && flags.env !== undefined) {
				throw new UsageError('--env and --no-env say opposite things: give one of them');
			}

			// Each command loads what only it needs: the TUI's first frame does not wait for the HTTP engine.
			const {runCommand} = await import('./commands/run-command.js');
			const store = openStore();
			reportNotices(store.notices);
			const controller = new AbortController();
			process.once('SIGINT', () => controller.abort());
			const code = await runCommand(store, {
				collection,
				requests,
				environment: flags['no-env'] ? null : flags.env,
				variables: (flags.var ?? []).map(flag => parseVarFlag(flag)),
				strict: flags.strict,
				raw: flags.raw,
				bail: flags.bail,
				iterations: flags.iterations === undefined ? undefined : parseIterationsFlag(flags.iterations),
				data: flags.data,
				signal: controller.signal,
			}, {stdout: process.stdout, stderr: process.stderr});
			startup.ready?.('run');
			// Stopped by ctrl+c: the shell's code for a command ended by SIGINT, so a script running it stops too.
			return controller.signal.aborted ? exitCodes.interrupted : code;
		}

		case 'import': {
			if (rest.length !== 1) {
				throw new UsageError('curlew import needs one file or folder: curlew import <file|folder> [--into <collection>]');
			}

			const {importCommand} = await import('./commands/import-command.js');
			const store = openStore();
			reportNotices(store.notices);
			await importCommand(store, rest[0]!, {into: flags.into});
			startup.ready?.('import');
			return exitCodes.ok;
		}

		case 'export': {
			if (rest.length !== 1) {
				throw new UsageError('curlew export needs one collection: curlew export <collection> [--format curlew|postman]');
			}

			const {exportCommand} = await import('./commands/export-command.js');
			const store = openStore();
			reportNotices(store.notices);
			const exported = exportCommand(store, rest[0]!, flags.format);
			startup.ready?.('export');
			return print(exported, 'the collection');
		}

		case 'env': {
			const [action, ...entries] = rest;
			const {envCommand} = await import('./commands/env-command.js');
			const store = openStore();
			reportNotices(store.notices);
			const {listed, said} = envCommand(store, action, entries);
			startup.ready?.('env');
			if (said !== undefined) {
				process.stderr.write(`${said}\n`);
			}

			return listed === undefined ? exitCodes.ok : print(listed, 'the list');
		}

		default: {
			if (rest.length > 1) {
				throw new UsageError(`curlew opens on at most a collection and a request, not on ${rest.slice(1).map(word => JSON.stringify(word)).join(', ')} too: see curlew --help`);
			}

			const {startTuiFromCli} = await import('./tui/start-from-cli.js');
			return startTuiFromCli({collection: command, request: rest[0]}, () => startup.ready?.('tui'));
		}
	}
}

/** Writes `text` to stdout; a reader that stopped reading is not an error, any other failure is one line. */
async function print(text: string, what: string): Promise<number> {
	const error = await writeOutput(process.stdout, text);
	if (error !== undefined && !isReaderGone(error)) {
		throw new Error(`cannot write ${what} to stdout: ${describeWriteError(error)}`);
	}

	return exitCodes.ok;
}

function reportNotices(notices: readonly string[]): void {
	for (const notice of notices) {
		process.stderr.write(`curlew: ${oneLine(notice)}\n`);
	}
}

/** Runs the command line of this process; its exit code is left in process.exitCode. */
export async function runCli(startup: CliStartup = {}): Promise<void> {
	// With stderr closed there is nowhere left to report anything, this included: the exit code still tells.
	process.stderr.on('error', () => undefined);

	try {
		process.exitCode = await main(startup);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		// The one place every error reaches the terminal: a name, a path or an argument it quotes may hold control characters or bidi overrides.
		process.stderr.write(`curlew: ${oneLine(message)}\n`);
		process.exitCode = exitCodes.failure;
	}
}
