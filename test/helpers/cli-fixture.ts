import {afterEach, beforeEach} from 'vitest';
import {echo, recordingServerForFile, type Handler, type RecordingServer} from './recording-server.js';
import {temporaryConfigDir} from './run-cli.js';

export type StoreFolder = {directory: string; remove(): void};

/**
For a file of tests of the built curlew: one recording server answering with `handler` for
the whole file (see recordingServerForFile), and a store of its own in a temporary folder for
each test. The objects returned stay the same; what they hold is filled in by the hooks, so a
test reads them as it runs.
*/
export function serverAndStorePerTest(handler: Handler = echo): {server: RecordingServer; config: StoreFolder} {
	const config: StoreFolder = {directory: '', remove() {}};
	beforeEach(() => {
		Object.assign(config, temporaryConfigDir());
	});
	afterEach(() => {
		config.remove();
	});
	return {server: recordingServerForFile(handler), config};
}
