/*
The host's answer to a script's use of the collection's cookie jar (pm.cookies, bru.cookies and
their jar(), see sandbox/cookies.js): one call `cookies` of `{api, action, url, name?,
cookie?}`, where `api` is the script's own name for what it called, for the errors. The script
waits for the answer, off its clock, as it waits for sendRequest.
*/
import {errorAnswer} from './host-calls.js';
import type {ScriptCookieJar, ScriptNewCookie} from './types.js';
import {fromWire} from './wire.js';

type CookieCall = {api: string; action: 'forUrl' | 'set' | 'delete' | 'clear'; url?: string; name?: string; cookie?: ScriptNewCookie};

const sameSites = new Set(['strict', 'lax', 'none']);

export async function answerCookieCall(jar: (() => Promise<ScriptCookieJar>) | undefined, argsJson: string): Promise<string> {
	const call = readCall(fromWire((JSON.parse(argsJson) as unknown[])[0]));
	if (typeof call === 'string') {
		return errorAnswer('TypeError', call);
	}

	if (jar === undefined) {
		return errorAnswer('Error', `${call.api} has no cookie jar here: scripts reach the collection's cookies when curlew runs them for a request (the TUI, curlew run)`);
	}

	try {
		const cookies = await jar();
		switch (call.action) {
			case 'forUrl': {
				return `v${JSON.stringify(await cookies.forUrl(call.url!))}`;
			}

			case 'set': {
				const refused = await cookies.set(call.url!, call.cookie!);
				return refused === undefined ? 'v' : errorAnswer('CookieError', `${call.api}: ${refused}`);
			}

			case 'delete': {
				await cookies.delete(call.url!, call.name);
				return 'v';
			}

			default: {
				await cookies.clear();
				return 'v';
			}
		}
	} catch (error) {
		return errorAnswer('CookieError', `${call.api}: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/** The call, checked (the host trusts nothing from the sandbox), or what is wrong with it. */
function readCall(value: unknown): CookieCall | string {
	if (typeof value !== 'object' || value === null) {
		return 'The cookie jar was called without a request';
	}

	const {api, action, url, name, cookie} = value as Record<string, unknown>;
	const what = typeof api === 'string' ? api : 'The cookie jar';
	if (action !== 'forUrl' && action !== 'set' && action !== 'delete' && action !== 'clear') {
		return `${what} asked the jar for ${JSON.stringify(action)}, which it does not do`;
	}

	if (action !== 'clear' && !isWebUrl(url)) {
		return `${what} needs a whole http or https URL, such as 'https://api.example.com/', not ${typeof url === 'string' ? JSON.stringify(url) : typeof url}`;
	}

	if (name !== undefined && (typeof name !== 'string' || name === '')) {
		return `${what} needs a cookie's name as text`;
	}

	if (action === 'set') {
		const problem = newCookieProblem(cookie);
		if (problem !== undefined) {
			return `${what}: ${problem}`;
		}
	}

	return {api: what, action, ...(typeof url === 'string' ? {url} : {}), ...(typeof name === 'string' ? {name} : {}), ...(action === 'set' ? {cookie: cookie as ScriptNewCookie} : {})};
}

function isWebUrl(url: unknown): url is string {
	if (typeof url !== 'string') {
		return false;
	}

	try {
		const {protocol} = new URL(url);
		return protocol === 'http:' || protocol === 'https:';
	} catch {
		return false;
	}
}

function newCookieProblem(cookie: unknown): string | undefined {
	if (typeof cookie !== 'object' || cookie === null) {
		return 'a cookie needs a name and a value';
	}

	const {name, value, domain, path, expires, secure, httpOnly, sameSite} = cookie as Record<string, unknown>;
	if (typeof name !== 'string' || name === '' || typeof value !== 'string') {
		return 'a cookie needs a name and a value, both text';
	}

	const texts = {domain, path, expires};
	for (const [key, text] of Object.entries(texts)) {
		if (text !== undefined && typeof text !== 'string') {
			return `a cookie's ${key} is text`;
		}
	}

	if (expires !== undefined && Number.isNaN(Date.parse(expires as string))) {
		return `a cookie's expiry ${JSON.stringify(expires)} is not a date`;
	}

	if ((secure !== undefined && typeof secure !== 'boolean') || (httpOnly !== undefined && typeof httpOnly !== 'boolean')) {
		return 'a cookie\'s secure and httpOnly are true or false';
	}

	if (sameSite !== undefined && !sameSites.has(sameSite as string)) {
		return 'a cookie\'s sameSite is \'strict\', \'lax\' or \'none\'';
	}

	return undefined;
}
