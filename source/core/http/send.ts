import http from 'node:http';
import {Readable} from 'node:stream';
import {rootCertificates} from 'node:tls';
import got, {type BeforeRedirectHook, type Options, type Request as GotRequest, type Response as GotResponse} from 'got';
import {monotonicMs} from '../monotonic-clock.js';
import {readCaFile} from './ca-file.js';
import {cookiesForHops, type HopCookieJar} from './cookie-header.js';
import {describeFailure, maxHeaderBytes} from './describe-failure.js';
import {digestAuthorization, digestChallenge} from './digest-auth.js';
import {dropCredentialsOffOrigin, type DroppedCredentials} from './redirect-credentials.js';
import {redirectMethod} from './redirect-method.js';
import {createRouter, type Router} from './router.js';
import {announcedLength, BodyBytes} from './body-bytes.js';
import {sentRequest} from './sent-request.js';
import {statusClassOf} from './status-class.js';
import type {HttpResponse, PreparedRequest, ResponseHead, SendOptions, SendResult, SentRequest, Timings, TransportFailure, TransportFailureCode} from './types.js';
import {unsupportedScheme} from './url-scheme.js';
import {wireBody, type WireBody} from './wire-body.js';
import {gotHeadersOf, headerProblem, wireHeaders} from './wire-headers.js';

type Exchange = {
	started: number;
	/** When the last redirect was followed: the phases got times are its hop's. */
	lastHopStarted?: number;
	stream?: GotRequest;
	currentUrl: URL;
	router?: Router;
	/** Milliseconds spent in `onBody` or waiting for it: the total time limit leaves them out. */
	handingOnMs: number;
	/** When the body began to wait for `onBody`, while it waits. */
	handingSince?: number;
	droppedOnRedirect?: DroppedCredentials;
	/** The request of each hop, as opened: what went on the wire is read back from them. */
	hops: http.ClientRequest[];
	/** The body got was given: a file's stream is closed with the exchange, sent or not. */
	body?: WireBody['body'];
};

/**
Sends one request and waits for the whole response. Never throws: every way the request can
fail comes back as a `TransportFailure` with a sentence for the user. An HTTP error status is a
response like any other. Nothing is retried.
*/
export async function send(request: PreparedRequest, options: SendOptions): Promise<SendResult> {
	const started = monotonicMs();
	return request.digest === undefined ? sendOnce(request, options, started) : sendWithDigest(request, request.digest, options, started);
}

/**
Digest auth takes two exchanges: the request goes out without credentials, the server answers
401 with a challenge, and the request goes again with the answer. The challenge's response is
the server's word to curlew, not to the user: its body is not handed to `onBody`, and the
timings count from the first exchange. A challenge curlew cannot answer leaves the 401 as
the response.
*/
async function sendWithDigest(request: PreparedRequest, credentials: {username: string; password: string}, options: SendOptions, started: number): Promise<SendResult> {
	const isChallenge = (head: ResponseHead) => head.status === 401 && digestChallenge(head.headers) !== undefined;
	const {onBody} = options;
	const first = await sendOnce(request, {...options, onBody: onBody && ((chunk, head) => isChallenge(head) ? undefined : onBody(chunk, head))}, started);
	const challenge = first.kind === 'response' && first.status === 401 ? digestChallenge(first.headers) : undefined;
	if (first.kind === 'failure' || challenge === undefined) {
		return first;
	}

	const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body instanceof Uint8Array ? request.body : request.body === undefined ? new Uint8Array() : undefined;
	const authorization = digestAuthorization(challenge, {method: request.method, uri: request.target ?? `${request.url.pathname}${request.url.search}`, ...credentials, body});
	if (authorization === undefined) {
		await onBody?.(first.body, {status: first.status, headers: first.headers});
		return first;
	}

	const answered = request.headers.filter(([name]) => name.toLowerCase() !== 'authorization');
	return sendOnce({...request, headers: [...answered, ['Authorization', authorization]]}, options, started);
}

async function sendOnce(request: PreparedRequest, options: SendOptions, started: number): Promise<SendResult> {
	const exchange: Exchange = {started, currentUrl: request.url, handingOnMs: 0, hops: []};
	try {
		return await exchangeOnce(request, options, exchange);
	} catch (error) {
		const proxy = exchange.router?.proxyFor(exchange.currentUrl);
		const {code, message} = options.signal?.aborted
			? {code: 'cancelled' as const, message: 'The request was cancelled before it finished'}
			: describeFailure(error, {...options, url: exchange.currentUrl, proxy});
		return failure(code, message, exchange);
	} finally {
		// got takes its listener off the caller's signal only when its stream is destroyed, never when it ends: a run's one signal would keep every response.
		exchange.stream?.destroy();
		exchange.router?.destroy();
		if (exchange.body instanceof Readable) {
			exchange.body.destroy();
		}
	}
}

async function exchangeOnce(request: PreparedRequest, options: SendOptions, exchange: Exchange): Promise<SendResult> {
	if (options.signal?.aborted) {
		return failure('cancelled', 'The request was cancelled before it was sent', exchange);
	}

	const {url} = request;
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return failure('invalid-request', unsupportedScheme(url.protocol), exchange);
	}

	const headersWrong = headerProblem(request.headers);
	if (headersWrong !== undefined) {
		return failure('invalid-request', headersWrong, exchange);
	}

	const body = await bodyOf(request);
	if (body !== undefined && 'problem' in body) {
		return failure('invalid-request', body.problem, exchange);
	}

	exchange.body = body?.body;
	const lengthWrong = contentLengthProblem(request, body);
	if (lengthWrong !== undefined) {
		return failure('invalid-request', lengthWrong, exchange);
	}

	// A CA file that cannot be used only stops a request that needs TLS; a redirect to https:// then trusts the system's roots.
	const ca = options.caFile ? await readCaFile(options.caFile) : undefined;
	if (ca && 'problem' in ca && url.protocol === 'https:') {
		return failure('tls', ca.problem, exchange);
	}

	const router = createRouter(options.env ?? process.env);
	exchange.router = router;
	const ownCookies = request.headers.filter(([name]) => name.toLowerCase() === 'cookie').map(([, value]) => value);
	const dropCredentials = dropCredentialsOffOrigin(url, dropped => {
		exchange.droppedOnRedirect = dropped;
	}, {cookiesFromJar: options.cookieJar !== undefined, ownCookie: ownCookies.length > 0});
	const cookies = options.cookieJar === undefined ? undefined : {
		jar: cookiesForHops(options.cookieJar, ownCookies, url, () => exchange.droppedOnRedirect?.headers.includes('Cookie') === true),
		// The request's own go with the jar's, in the one header got writes.
		headers: request.headers.filter(([name]) => name.toLowerCase() !== 'cookie'),
	};
	const stream = got.stream(url, gotOptions(cookies === undefined ? request : {...request, headers: cookies.headers}, body, options, ca && 'pem' in ca ? ca.pem : undefined, router, dropCredentials, cookies?.jar, exchange.hops));
	exchange.stream = stream;
	stream.on('redirect', (next: Options) => {
		exchange.lastHopStarted = monotonicMs();
		if (next.url instanceof URL) {
			exchange.currentUrl = next.url;
		}
	});

	// got writes a body it was given; without one, a method that may carry a body waits for ours.
	if (request.method !== 'HEAD' && body === undefined) {
		stream.end();
	}

	const total = timeoutOf(options.totalTimeoutMs);
	const stopTimer = total === undefined ? undefined : startTotalTimer(stream, total, exchange);
	try {
		return await readResponse(stream, options, exchange);
	} finally {
		stopTimer?.();
	}
}

/**
got times each hop of a redirect chain on its own; the user's limit is for the whole
exchange, less the time the body spent with `onBody`. Returns what stops the timer.
*/
function startTotalTimer(stream: GotRequest, totalMs: number, exchange: Exchange): () => void {
	const started = monotonicMs();
	let timer: NodeJS.Timeout;
	const check = () => {
		const now = monotonicMs();
		const handing = exchange.handingOnMs + (exchange.handingSince === undefined ? 0 : now - exchange.handingSince);
		const left = started + totalMs + handing - now;
		if (left > 0) {
			timer = setTimeout(check, Math.min(left, 2_147_483_647));
			return;
		}

		stream.destroy(Object.assign(new Error(`No response within ${totalMs} ms`), {code: 'ETIMEDOUT', event: 'request'}));
	};

	timer = setTimeout(check, totalMs);
	return () => {
		clearTimeout(timer);
	};
}

function gotOptions(request: PreparedRequest, body: WireBody | undefined, options: SendOptions, ca: string | undefined, router: Router, dropCredentials: BeforeRedirectHook, cookieJar: HopCookieJar | undefined, hops: http.ClientRequest[]) {
	const connect = timeoutOf(options.connectTimeoutMs);
	const headers = gotHeadersOf(request.headers);
	// got counts a buffer and encodes a form with its length; a stream's it cannot know.
	if (body?.length !== undefined && headers['content-length'] === undefined) {
		headers['content-length'] = String(body.length);
	}

	return {
		method: request.method,
		headers,
		body: body?.body,
		allowGetBody: true,
		retry: {limit: 0},
		throwHttpErrors: false,
		followRedirect: options.followRedirects,
		maxRedirects: options.maxRedirects,
		hooks: {beforeRedirect: [redirectMethod, dropCredentials]},
		decompress: true,
		maxHeaderSize: maxHeaderBytes,
		timeout: {lookup: connect, connect, secureConnect: connect},
		https: {
			rejectUnauthorized: options.verifyTls,
			// A `ca` replaces Node's trusted roots, so the extra authority joins them.
			certificateAuthority: ca === undefined ? undefined : [...rootCertificates, ca],
		},
		signal: options.signal,
		cookieJar,
		// A Set-Cookie line the jar refuses (another domain's, malformed) is ignored, as browsers do, not a failed request.
		ignoreInvalidCookies: true,
		// The path as written goes to the URL written; a redirect's Location is the server's, parsed.
		request(url: URL, native: http.RequestOptions) {
			const hop = router.open(url, native, wireHeaders(request.headers, native.headers as Record<string, string | string[] | undefined>, url), url.href === request.url.href ? request.target : undefined);
			hops.push(hop);
			return hop;
		},
	};
}

/** A Content-Length the body does not match would make the server wait for bytes, or cut the body. */
function contentLengthProblem(request: PreparedRequest, body: WireBody | undefined): string | undefined {
	const given = request.headers.filter(([name]) => name.toLowerCase() === 'content-length').map(([, value]) => value.trim());
	const actual = body === undefined ? 0 : body.body instanceof Buffer ? body.body.byteLength : body.length;
	if (given.length === 0 || request.method === 'HEAD' || actual === undefined) {
		return undefined;
	}

	const wrong = given.find(value => value !== String(actual));
	return wrong === undefined ? undefined : `Header Content-Length says ${wrong} but the body is ${actual} bytes: remove the header (curlew sets it) or correct it`;
}

/** 0 (or anything not a positive number) means no limit; Node's timers cap at about 24.8 days. */
function timeoutOf(ms: number): number | undefined {
	return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 2_147_483_647) : undefined;
}

/**
A body goes out as given, except on HEAD, which has none. POST, PUT and PATCH without one send an
empty body, so Content-Length is 0 rather than an empty chunked stream.
*/
async function bodyOf(request: PreparedRequest): Promise<WireBody | {problem: string} | undefined> {
	if (request.method === 'HEAD') {
		return undefined;
	}

	if (request.body === undefined) {
		return ['POST', 'PUT', 'PATCH'].includes(request.method) ? {body: Buffer.alloc(0)} : undefined;
	}

	return wireBody(request.body);
}

async function readResponse(stream: GotRequest, {maxResponseBytes, onProgress, onBody, keepBodyBytes}: SendOptions, exchange: Exchange): Promise<HttpResponse> {
	const maxBytes = maxResponseBytes > 0 ? maxResponseBytes : 0;
	const keepBytes = Math.min(keepBodyBytes ?? maxBytes, maxBytes);
	return new Promise<HttpResponse>((resolve, reject) => {
		let head: {response: GotResponse; shown: ResponseHead} | undefined;
		let kept: BodyBytes | undefined;
		let size = 0;
		let settled = false;

		const finish = (truncated: boolean) => {
			if (settled || !head) {
				return;
			}

			settled = true;
			const body = kept?.bytes() ?? Buffer.alloc(0);
			resolve(responseOf(head.response, head.shown.headers, {body, size, truncated}, exchange, timingsOf(exchange)));
		};

		const fail = (error: Error) => {
			if (!settled) {
				settled = true;
				reject(error);
			}
		};

		const take = (chunk: Buffer) => {
			if (chunk.length === 0) {
				return;
			}

			kept ??= new BodyBytes(announcedLength(head?.response.headers ?? {}), keepBytes);
			if (kept.length < keepBytes) {
				kept.append(chunk.length <= keepBytes - kept.length ? chunk : chunk.subarray(0, keepBytes - kept.length));
			}

			size += chunk.length;
			onProgress?.({status: head?.response.statusCode ?? 0, bytes: size});
			if (onBody === undefined || head === undefined) {
				return;
			}

			exchange.handingSince = monotonicMs();
			const handed = onBody(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), head.shown);
			if (handed === undefined) {
				doneHanding();
				return;
			}

			stream.pause();
			const resume = () => {
				doneHanding();
				if (!settled) {
					stream.resume();
				}
			};

			handed.then(resume, resume);
		};

		const doneHanding = () => {
			exchange.handingOnMs += monotonicMs() - exchange.handingSince!;
			exchange.handingSince = undefined;
		};

		stream.on('response', (response: GotResponse) => {
			head = {response, shown: {status: response.statusCode, headers: pairsOf(response.rawHeaders)}};
			onProgress?.({status: response.statusCode, bytes: 0});
		});
		stream.on('data', (chunk: Buffer) => {
			if (settled) {
				return;
			}

			const room = maxBytes - size;
			if (chunk.length <= room) {
				take(chunk);
				return;
			}

			take(chunk.subarray(0, room));
			finish(true);
			stream.destroy();
		});
		stream.once('end', () => {
			finish(false);
			fail(new Error('The connection closed before a response arrived'));
		});
		// `on`, not `once`: got can report a second error while tearing down, and an unheard one would crash the process.
		stream.on('error', fail);
		stream.once('close', () => {
			fail(new Error('The connection closed before the response was complete'));
		});
	});
}

function responseOf(head: GotResponse, headers: Array<[string, string]>, {body, size, truncated}: {body: Buffer; size: number; truncated: boolean}, exchange: Exchange, timings: Timings): HttpResponse {
	const status = head.statusCode;
	return {
		kind: 'response',
		status,
		statusText: head.statusMessage || (http.STATUS_CODES[status] ?? ''),
		statusClass: statusClassOf(status),
		headers,
		body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
		size,
		truncated,
		timings,
		url: head.url,
		redirects: head.redirectUrls.map(url => url.href),
		...(exchange.droppedOnRedirect === undefined ? {} : {droppedOnRedirect: exchange.droppedOnRedirect}),
		...sentOf(exchange),
	};
}

function pairsOf(raw: string[]): Array<[string, string]> {
	const pairs: Array<[string, string]> = [];
	for (let index = 0; index + 1 < raw.length; index += 2) {
		pairs.push([raw[index]!, raw[index + 1]!]);
	}

	return pairs;
}

/** The time the exchange took, its redirects', and the phases of its last hop. */
function timingsOf(exchange: Exchange): Timings {
	const phases = exchange.stream?.timings?.phases;
	return {
		redirects: exchange.lastHopStarted === undefined ? undefined : exchange.lastHopStarted - exchange.started,
		dns: phases?.dns,
		connect: phases?.tcp,
		tls: phases?.tls,
		firstByte: phases?.firstByte,
		total: monotonicMs() - exchange.started,
	};
}

function failure(code: TransportFailureCode, message: string, exchange: Exchange): TransportFailure {
	return {kind: 'failure', code, message, timings: timingsOf(exchange), ...sentOf(exchange)};
}

function sentOf(exchange: Exchange): {sent?: SentRequest} {
	// A form's or a file's bytes are read as they go: the sent view shows their headers.
	const body = exchange.body instanceof Buffer ? new Uint8Array(exchange.body.buffer, exchange.body.byteOffset, exchange.body.byteLength) : undefined;
	const sent = sentRequest(exchange.hops, body);
	return sent === undefined ? {} : {sent};
}
