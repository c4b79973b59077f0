import type {SendOptions} from '../../../source/core/http/types.js';

/** Settings as a collection has them by default, with no proxy from this machine's environment. */
export function sendOptions(overrides: Partial<SendOptions> = {}): SendOptions {
	return {
		followRedirects: true,
		maxRedirects: 10,
		connectTimeoutMs: 10_000,
		totalTimeoutMs: 30_000,
		verifyTls: true,
		maxResponseBytes: 100 * 1024 * 1024,
		env: {},
		...overrides,
	};
}
