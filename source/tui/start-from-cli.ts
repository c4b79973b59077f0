/**
`curlew` with no command: open the store and a session, then the terminal UI, or say why
it cannot run here (not a terminal) and point to `curlew run`.
*/
import {tuiUnavailableReason} from './tui-unavailable.js';

/** @returns the process exit code; `onFirstFrame` is called once the first frame is drawn. */
export async function startTuiFromCli(initial: {collection?: string; request?: string}, onFirstFrame?: () => void): Promise<number> {
	const reason = tuiUnavailableReason(process.stdin, process.stdout);
	if (reason !== undefined) {
		process.stderr.write(`${reason}\n`);
		return 2;
	}

	const [{startTui}, {Session}, {openStore}] = await Promise.all([
		import('./start-tui.js'),
		import('../core/session/session.js'),
		import('../core/store/store.js'),
	]);
	const store = openStore();
	try {
		await startTui({store, session: new Session(store), initial, notices: store.notices, onFirstFrame});
	} finally {
		store.close();
	}

	return 0;
}
