/**
`curlew` with no command: open the store and a session, then the terminal UI, or say why
it cannot run here (not a terminal) and point to `curlew run`.
*/
import {Session} from '../core/session/session.js';
import {openStore} from '../core/store/store.js';
import {startTui, tuiUnavailableReason} from './start-tui.js';

/** @returns the process exit code. */
export async function startTuiFromCli(initial: {collection?: string; request?: string}): Promise<number> {
	const reason = tuiUnavailableReason(process.stdin, process.stdout);
	if (reason !== undefined) {
		process.stderr.write(`${reason}\n`);
		return 2;
	}

	const store = openStore();
	for (const notice of store.notices) {
		process.stderr.write(`curlew: ${notice}\n`);
	}

	try {
		await startTui({store, session: new Session(store), initial});
	} finally {
		store.close();
	}

	return 0;
}
