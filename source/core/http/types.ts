import type {HttpMethod} from '../model.js';
import type {DroppedCredentials} from './redirect-credentials.js';

/** A part of a multipart body with its placeholders filled: text, or a file whose bytes are read when the request is sent. */
export type PreparedPart =
	| {name: string; value: string; contentType?: string}
	| {name: string; file: string; contentType?: string};

/**
The body as sent: its bytes (text goes out as UTF-8), or what `send` reads them from when it
sends: a multipart form (encoded then, with a boundary of its own), or a file (a relative
path is read from the current folder).
*/
export type PreparedBody = string | Uint8Array | {multipart: PreparedPart[]} | {file: string};

/** A request with every placeholder filled: what `send` puts on the wire. */
export type PreparedRequest = {
	method: HttpMethod;
	url: URL;
	/** The path and query as written, sent in place of `url`'s where the parser changed them (see requestTargetAsWritten). */
	target?: string;
	/** In order; names may repeat. Disabled headers are already gone. */
	headers: Array<[name: string, value: string]>;
	body?: PreparedBody;
	/** Digest credentials, filled: `send` answers the server's 401 challenge with them, sending the request again. */
	digest?: {username: string; password: string};
};

export type SendOptions = {
	followRedirects: boolean;
	maxRedirects: number;
	/** Covers each of DNS, TCP connect and the TLS handshake. 0 means no limit. */
	connectTimeoutMs: number;
	/** From sending to the last byte of the body, redirects included. 0 means no limit. */
	totalTimeoutMs: number;
	verifyTls: boolean;
	/** Path of a PEM file with extra certificate authorities. */
	caFile?: string;
	/** Past this many body bytes the body is cut and `truncated` is set. */
	maxResponseBytes: number;
	signal?: AbortSignal;
	/**
	Called as the response arrives: on its head (with 0 bytes), then after each chunk of its
	body, with the body bytes received so far. With redirects followed, only the last
	response is heard.
	*/
	onProgress?: (progress: SendProgress) => void;
	/**
	Given each chunk of the body as it arrives (with redirects followed, the last response's
	alone), cut where the body is cut at `maxResponseBytes`. When it returns a promise, the
	body waits until it settles, so that a slow reader holds back the download instead of
	filling memory. Time spent in it, or waiting for it, does not count towards
	`totalTimeoutMs`: a reader that takes its time (a pipe into a pager) is not the server
	being slow.
	*/
	onBody?: (chunk: Uint8Array, head: ResponseHead) => Promise<void> | undefined;
	/** Bytes of the body the response keeps in `body`; past them the body is still read (and given to `onBody`). Default: all. */
	keepBodyBytes?: number;
	/**
	The cookies to send and to keep: each hop's request gets those for its URL, each response's
	Set-Cookie lines go in (a redirect's too). A Cookie header of the request's own is sent
	with them, first, to its own origin only.
	*/
	cookieJar?: CookieStore;
	/** Read for HTTP_PROXY, HTTPS_PROXY and NO_PROXY (either case). Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
};

/** What `send` needs of a cookie jar (tough-cookie's CookieJar has it). */
export type CookieStore = {
	getCookieString(url: string): Promise<string>;
	/** An invalid line, or one for another domain, is not an error of the request: the store ignores it. */
	setCookie(setCookieLine: string, url: string): Promise<unknown>;
};

export type SendProgress = {
	/** The status of the response arriving. */
	status: number;
	/** Body bytes received so far. */
	bytes: number;
};

/** The status and headers of the response whose body is arriving. */
export type ResponseHead = {
	status: number;
	/** Raw header pairs in the order received, duplicates kept. */
	headers: Array<[name: string, value: string]>;
};

export type StatusClass = 'Informational' | 'Successful' | 'Redirection' | 'Client error' | 'Server error';

export type Timings = {
	/** Milliseconds spent on the hops before the last, when redirects were followed; the phases below are the last hop's. */
	redirects?: number;
	/** Milliseconds spent in each phase; undefined where the phase did not happen (a reused socket, plain HTTP). */
	dns?: number;
	connect?: number;
	tls?: number;
	firstByte?: number;
	total: number;
};

export type HttpResponse = {
	kind: 'response';
	status: number;
	statusText: string;
	statusClass: StatusClass;
	/** Raw header pairs in the order received, duplicates kept. */
	headers: Array<[name: string, value: string]>;
	/** The body after decompression (cut at the cap when `truncated`); only its first `keepBodyBytes` when the sender asked for no more. */
	body: Uint8Array;
	/** Bytes of body received after decompression, kept or not. */
	size: number;
	truncated: boolean;
	timings: Timings;
	/** The URL of the last hop when redirects were followed. */
	url: string;
	redirects: string[];
	/** Authorization, Cookie and Proxy-Authorization not sent past a redirect to another origin; undefined when none was dropped. */
	droppedOnRedirect?: DroppedCredentials;
	/** The request as it went on the wire; undefined in a response kept by an older curlew. */
	sent?: SentRequest;
};

/** One request of an exchange as it went on the wire: the first, then one per redirect followed. */
export type SentHop = {
	/** `GET /items?id=1 HTTP/1.1`; a proxy is sent the whole URL. */
	requestLine: string;
	/** Every header line in the order sent, those Node and got added included; values as the UTF-8 text they carry. */
	headers: Array<[name: string, value: string]>;
	/** Whether the hop carried the body: a 301, 302 or 303 can turn the next hop into a GET without it. */
	withBody: boolean;
};

/** The request as it was sent: its hops, and the body the hops that carried one sent. */
export type SentRequest = {
	hops: SentHop[];
	body?: Uint8Array;
	/** The history keeps the first MB of a body sent, as of one received: this one was longer. */
	bodyCut?: true;
};

export type TransportFailureCode = 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'cancelled' | 'invalid-request' | 'proxy' | 'too-many-redirects' | 'other';

/** The request never produced a response: a value for the user, never a thrown error. */
export type TransportFailure = {
	kind: 'failure';
	code: TransportFailureCode;
	/** One sentence that says what happened and what to check. */
	message: string;
	timings: Timings;
	/** What was written towards the server before it failed; undefined when nothing was. */
	sent?: SentRequest;
};

export type SendResult = HttpResponse | TransportFailure;
