/**
The settings of an imported collection that weaken what curlew guards by default, a note
each, so that whoever imports a shared collection learns it before sending anything: TLS
verification off, an extra certificate authority, script limits, the response size cap
and the number of redirects raised. Settings that only make curlew stricter or wait longer
(strict, followRedirects off, timeouts) need no word; proxies come from the environment,
never from a collection.
*/
import {formatSize} from '../http/format-size.js';
import {defaultSettings, settingsFor, type Collection, type CollectionSettings} from '../model.js';
import {checkScriptLimit, formatLimit} from '../scripts/limits.js';
import {defaultScriptLimits} from '../scripts/types.js';

/** `, and curlew caps it at 60 s` when the sandbox cannot honour the limit asked for. */
function capped(name: 'timeoutMs' | 'memoryBytes', requested: number, shown: (value: number) => string): string {
	const {applied} = checkScriptLimit(name, requested);
	return applied === requested ? '' : `, and curlew caps it at ${shown(applied)}`;
}

/** How the file wrote each setting (`-k (line 3)`, `protocolProfileBehavior.strictSSL`); by default the key of curlew's own file, `settings.verifyTls`. */
export type SettingSources = Partial<Record<keyof CollectionSettings, string>>;

export function weakenedSettingsNotes(settings: CollectionSettings, sources: SettingSources = {}): string[] {
	const source = (setting: keyof CollectionSettings) => sources[setting] ?? `settings.${setting}: ${JSON.stringify(settings[setting])}`;
	const notes: string[] = [];
	if (!settings.verifyTls) {
		notes.push(`this collection turns TLS verification off (${source('verifyTls')}): its requests take any certificate, so whoever stands between curlew and the server can read and change them`);
	}

	if (settings.caFile !== undefined) {
		notes.push(`this collection trusts the certificate authorities in ${settings.caFile} (${source('caFile')}): a server whose certificate one of them signed is taken for genuine`);
	}

	if (settings.scriptTimeoutMs > defaultScriptLimits.timeoutMs) {
		notes.push(`this collection raises the script time limit to ${duration(settings.scriptTimeoutMs)} (${source('scriptTimeoutMs')}); the default is ${duration(defaultScriptLimits.timeoutMs)}${capped('timeoutMs', settings.scriptTimeoutMs, duration)}`);
	}

	if (settings.scriptMemoryBytes > defaultScriptLimits.memoryBytes) {
		notes.push(`this collection raises the script memory limit to ${formatSize(settings.scriptMemoryBytes)} (${source('scriptMemoryBytes')}); the default is ${formatSize(defaultScriptLimits.memoryBytes)}${capped('memoryBytes', settings.scriptMemoryBytes, bytes => formatLimit('memoryBytes', bytes))}`);
	}

	if (settings.maxResponseBytes > defaultSettings.maxResponseBytes) {
		notes.push(`this collection raises the response size cap to ${formatSize(settings.maxResponseBytes)} (${source('maxResponseBytes')}); the default is ${formatSize(defaultSettings.maxResponseBytes)}: curlew holds a response in memory whole`);
	}

	if (settings.followRedirects && settings.maxRedirects > defaultSettings.maxRedirects) {
		notes.push(`this collection follows up to ${settings.maxRedirects.toLocaleString('en-US')} redirects (${source('maxRedirects')}); the default is ${defaultSettings.maxRedirects}`);
	}

	return notes;
}

/** The notes on a request's own settings that weaken a guard: only the number of redirects can. */
export function weakenedRequestSettingsNotes(collection: Pick<Collection, 'settings' | 'requests'>): string[] {
	return collection.requests.flatMap(request => {
		const settings = settingsFor(collection, request);
		const own = request.settings?.maxRedirects;
		return own !== undefined && settings.followRedirects && own > defaultSettings.maxRedirects
			? [`request "${request.name}" follows up to ${own.toLocaleString('en-US')} redirects (its settings.maxRedirects); the default is ${defaultSettings.maxRedirects}`]
			: [];
	});
}

const units = [['h', 3_600_000], ['min', 60_000], ['s', 1000]] as const;

/** `24 h`, `1.5 h`, `2 min`, `250 ms`: in the largest unit it reaches. */
function duration(ms: number): string {
	for (const [unit, size] of units) {
		if (ms >= size) {
			return `${Number((ms / size).toFixed(1))} ${unit}`;
		}
	}

	return `${ms} ms`;
}
