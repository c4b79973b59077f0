import {sendOptionsFor} from '../../../source/core/http/send-options.js';
import type {SendOptions} from '../../../source/core/http/types.js';
import {defaultSettings} from '../../../source/core/model.js';

/** Settings as a collection has them by default, with no proxy from this machine's environment. */
export function sendOptions(overrides: Partial<SendOptions> = {}): SendOptions {
	return {...sendOptionsFor(defaultSettings, {env: {}}), ...overrides};
}
