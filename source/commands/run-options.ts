/** What `curlew run` is asked to do, and where it writes. */
import type {Writable} from 'node:stream';
import type {Value} from '../core/values.js';

export type RunOptions = {
	collection: string;
	requests: string[];
	/** The environment's name; null for none, undefined for the one last chosen in the TUI. */
	environment?: string | null;
	variables: Array<[string, Value]>;
	strict: boolean;
	/** Write each body's exact bytes to a terminal too (`--raw`). */
	raw?: boolean;
	/** Stop at the first request that fails (`--bail`), as newman and bru do. */
	bail?: boolean;
	/** How many times to run the requests (`--iterations`); by default once, or once per row of `data`. */
	iterations?: number;
	/** A CSV or JSON file of one row per iteration (`--data`): see readIterationData. */
	data?: string;
	signal?: AbortSignal;
	env?: Readonly<Record<string, string | undefined>>;
};

export type Output = {stdout: Writable; stderr: Writable};
