import type {ProxyChoice} from './proxy-for.js';
import type {TransportFailureCode} from './types.js';
import {capitalize} from '../capitalize.js';

/** The code of the error `send` raises, mid-request, for a proxy variable that is not a URL. */
export const proxyAddressCode = 'ERR_CURLEW_PROXY_ADDRESS';

/** Response headers past this size are refused (Node's default of 16 KB is too small for some APIs). */
export const maxHeaderBytes = 1024 * 1024;
const maxHeaderKilobytes = maxHeaderBytes / 1024;

export type FailureDescription = {code: TransportFailureCode; message: string};

export type FailureContext = {
	/** The URL being fetched when it failed (a later hop after redirects). */
	url: URL;
	proxy?: ProxyChoice;
	connectTimeoutMs: number;
	totalTimeoutMs: number;
	maxRedirects: number;
};

type ErrorFields = {
	code?: string;
	message?: string;
	event?: string;
	address?: string;
	port?: number;
	hostname?: string;
	cause?: unknown;
};

const tlsCodes: Record<string, (host: string) => string> = {
	DEPTH_ZERO_SELF_SIGNED_CERT: host => `TLS certificate of ${host} is self-signed: turn off TLS verification for this collection or add its CA file`,
	SELF_SIGNED_CERT_IN_CHAIN: host => `TLS certificate of ${host} is signed by an untrusted self-signed authority: add that CA file to the collection settings or turn off TLS verification`,
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: host => `TLS certificate of ${host} is signed by an unknown authority: add its CA file to the collection settings or turn off TLS verification`,
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: host => `TLS certificate of ${host} is signed by an unknown authority: add its CA file to the collection settings or turn off TLS verification`,
	UNABLE_TO_GET_ISSUER_CERT: host => `TLS certificate of ${host} is signed by an unknown authority: add its CA file to the collection settings or turn off TLS verification`,
	CERT_HAS_EXPIRED: host => `TLS certificate of ${host} has expired: renew it on the server or turn off TLS verification for this collection`,
	CERT_NOT_YET_VALID: host => `TLS certificate of ${host} is not valid yet: check the clocks of this machine and the server`,
	ERR_TLS_CERT_ALTNAME_INVALID: host => `TLS certificate of ${host} is issued for another name: use the host name the certificate names or turn off TLS verification`,
	ERR_SSL_WRONG_VERSION_NUMBER: host => `${host} did not answer with TLS: use http:// if the server does not speak HTTPS`,
};

/** What went wrong, said once for the user, from whatever got or Node threw. */
export function describeFailure(error: unknown, context: FailureContext): FailureDescription {
	const fields = deepestFields(error);
	const code = fields.code ?? '';
	const {url, proxy} = context;
	const target = hostAndPort(url);
	const proxyLabel = proxy ? `the proxy ${redact(proxy.address)} set in ${proxy.variable}` : '';

	if (code === 'ERR_ABORTED' || fields.message === 'This operation was aborted.') {
		return {code: 'cancelled', message: 'The request was cancelled before it finished'};
	}

	if (code === proxyAddressCode && proxy) {
		const message = /^socks(?:4a?|5h?)?:\/\//i.test(proxy.address)
			? `${proxy.variable} names a SOCKS proxy (${redact(proxy.address)}), which curlew does not support: set it to an HTTP proxy, http://host:port`
			: `${proxy.variable} is not a proxy URL (${redact(proxy.address)}): write it as http://host:port`;
		return {code: 'proxy', message};
	}

	if (code === 'ETIMEDOUT' && fields.event !== undefined) {
		// got keeps the response on the error once headers came; an earlier redirect's is complete, a stalled body's is not.
		const answered = typeof error === 'object' && error !== null && (error as {response?: {complete?: boolean}}).response?.complete === false;
		return timeoutFailure(fields.event, target, context, answered);
	}

	if (proxy) {
		const proxyFailure = describeProxyFailure(fields, target, url.hostname, proxyLabel);
		if (proxyFailure) {
			return proxyFailure;
		}
	}

	if (code === 'ECONNREFUSED') {
		const where = fields.address ? `${fields.address}:${fields.port ?? url.port}` : target;
		return {code: 'refused', message: `Connection refused by ${where}: is the server running and the port right?`};
	}

	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_NONAME') {
		const name = fields.hostname ?? url.hostname;
		const why = code === 'EAI_AGAIN' ? 'the DNS server did not answer' : 'no such host';
		return {code: 'dns', message: `Could not resolve ${name} (${why}): check the host name and this machine's DNS or network`};
	}

	if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_HTTP_CONTENT_LENGTH_MISMATCH') {
		return {code: 'reset', message: `${target} closed the connection before the response was complete: check the server's logs, or whether it expects HTTPS or HTTP`};
	}

	if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
		return {code: 'refused', message: `${target} cannot be reached from this machine: check the address and the network`};
	}

	const tls = tlsCodes[/wrong version number/i.test(fields.message ?? '') ? 'ERR_SSL_WRONG_VERSION_NUMBER' : code];
	if (tls) {
		return {code: 'tls', message: tls(url.hostname)};
	}

	if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO' || /certificate|\bssl\b|\btls\b/i.test(fields.message ?? '')) {
		return {code: 'tls', message: `TLS handshake with ${target} failed (${openSslReason(fields.message) ?? code}): check the URL's scheme and the server's TLS setup`};
	}

	if (code === 'ERR_TOO_MANY_REDIRECTS') {
		return {code: 'too-many-redirects', message: context.maxRedirects === 0 ? redirectRefused(error, target, url) : `Stopped after ${context.maxRedirects} redirects, the last to ${url.href}: the server may redirect in a loop; raise the maximum or turn off following redirects to see the response`};
	}

	if (code.startsWith('Z_') || code.startsWith('ERR__ERROR_FORMAT')) {
		return {code: 'other', message: `The body from ${target} could not be decompressed (${fields.message ?? code}): its Content-Encoding does not match the bytes; send Accept-Encoding: identity to get it uncompressed`};
	}

	if (code === 'HPE_HEADER_OVERFLOW') {
		return {code: 'other', message: `The response headers from ${target} are larger than ${maxHeaderKilobytes} KB: check what the server sends`};
	}

	if (code.startsWith('HPE_')) {
		return {code: 'other', message: `${target} sent a response that is not valid HTTP (${fields.message ?? code}): check that the URL points to an HTTP server`};
	}

	if (code === 'ERR_INVALID_URL' || code === 'ERR_INVALID_HTTP_TOKEN' || code === 'ERR_INVALID_CHAR' || code === 'ERR_UNESCAPED_CHARACTERS' || error instanceof TypeError) {
		return {code: 'invalid-request', message: `The request cannot be sent (${fields.message ?? code}): fix the URL, method or headers`};
	}

	return {code: 'other', message: `The request to ${target} failed (${fields.message ?? (code || 'unknown error')}): check the URL and the server`};
}

function timeoutFailure(event: string, target: string, context: FailureContext, answered: boolean): FailureDescription {
	if (event === 'request') {
		return answered
			? {code: 'timeout', message: `${target} answered but its body did not finish within the total timeout of ${seconds(context.totalTimeoutMs)}: raise the timeout in the collection settings if the body is large or slow`}
			: {code: 'timeout', message: `No response within the total timeout of ${seconds(context.totalTimeoutMs)}: raise the timeout in the collection settings`};
	}

	const phase = event === 'lookup' ? `resolve ${context.url.hostname}` : event === 'secureConnect' ? `finish the TLS handshake with ${target}` : `connect to ${target}`;
	return {code: 'timeout', message: `Could not ${phase} within the connect timeout of ${seconds(context.connectTimeoutMs)}: check the host is reachable, or raise the connect timeout in the collection settings`};
}

/** With no redirect allowed, the first 3xx stops the exchange: say where it pointed. */
function redirectRefused(error: unknown, target: string, url: URL): string {
	// got's error keeps the 3xx response it would have followed.
	const response = (error as {response?: {statusCode?: number; headers?: Record<string, string | string[] | undefined>}}).response;
	const status = response?.statusCode ?? '3xx';
	const location = response?.headers?.location;
	const to = typeof location === 'string' ? ` to ${URL.parse(location, url.href)?.href ?? location}` : '';
	return `${target} redirected (${status})${to}, but maxRedirects is 0: raise maxRedirects in the collection settings to follow it, or turn off following redirects to see the ${status} itself`;
}

function describeProxyFailure(fields: ErrorFields, target: string, host: string, proxyLabel: string): FailureDescription | undefined {
	const answered = /^Bad response: (?<status>\d+)/.exec(fields.message ?? '');
	if (answered?.groups) {
		return {code: 'proxy', message: `${capitalize(proxyLabel)} answered ${answered.groups.status} when asked to connect to ${target}: check the proxy's credentials and rules, or add ${host} to NO_PROXY`};
	}

	const code = fields.code ?? '';
	if (fields.message === 'Proxy timeout' || ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) {
		return {code: 'proxy', message: `Could not reach ${proxyLabel} (${code || fields.message}): check the proxy address, or add ${host} to NO_PROXY`};
	}

	return undefined;
}

/** The innermost error that carries a code: got wraps Node's errors in its own. */
function deepestFields(error: unknown): ErrorFields {
	let current: unknown = error;
	let best: ErrorFields = typeof error === 'object' && error !== null ? error as ErrorFields : {message: String(error)};
	for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
		const fields = current as ErrorFields;
		if (fields.code !== undefined && fields.code !== 'ERR_GOT_REQUEST_ERROR') {
			best = {...fields, event: best.event ?? fields.event, message: fields.message};
		}

		current = fields.cause;
	}

	return best;
}

/** OpenSSL's messages carry a reason between library internals: `...:SSL routines:<function>:<reason>:<file>...`. */
function openSslReason(message: string | undefined): string | undefined {
	return /SSL routines:[^:]*:(?<reason>[^:]+):/.exec(message ?? '')?.groups?.reason ?? message;
}

function hostAndPort(url: URL): string {
	const port = url.port || (url.protocol === 'https:' ? '443' : '80');
	return `${url.hostname}:${port}`;
}

/** Proxy addresses may carry a password: never show it. */
function redact(address: string): string {
	return address.replace(/\/\/[^@/]*@/, '//***@');
}

function seconds(ms: number): string {
	const value = ms / 1000;
	return `${Number.isInteger(value) ? value : Number(value.toFixed(2))} s`;
}

