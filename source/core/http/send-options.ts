import type {CollectionSettings} from '../model.js';
import type {SendOptions} from './types.js';

/** What `send` needs from a collection's settings, plus the call's own signal, environment and progress listener. */
export function sendOptionsFor(settings: CollectionSettings, extra: Pick<SendOptions, 'signal' | 'env' | 'onProgress'> = {}): SendOptions {
	return {
		followRedirects: settings.followRedirects,
		maxRedirects: settings.maxRedirects,
		connectTimeoutMs: settings.connectTimeoutMs,
		totalTimeoutMs: settings.totalTimeoutMs,
		verifyTls: settings.verifyTls,
		caFile: settings.caFile,
		maxResponseBytes: settings.maxResponseBytes,
		...extra,
	};
}
