/**
A resolved request as a curl command line for a POSIX shell, sending what curlew sends: the
method, the URL as written (its path kept with --path-as-is), the headers in order with their
repeats, and the body's exact bytes (text with --data-raw, other bytes through printf, a file
with --data-binary @file, a multipart form with -F, its files typed as curlew types them).
Every argument is single-quoted where it needs to be, a quote inside written '\''. What curl
would add on its own and curlew does not send is turned off (the form Content-Type it gives a
body, URL globbing).

httpsnippet, the field's library, does not fit: it sorts and merges the headers, re-indents a
JSON body (other bytes than sent), writes a JSON body with a quote inside into an unquoted
here-document (the shell then expands `$` in it), reads a text value starting with @ as a file
in -F, and pulls in yargs and chalk for its command line.
*/
import path from 'node:path';
import {fileType} from '../http/file-type.js';
import {urlAsSent} from '../http/request-target.js';
import type {PreparedPart, PreparedRequest} from '../http/types.js';

export type CurlCommandOptions = {
	/** Texts to write as `mask` wherever they appear (secret values). */
	secrets?: readonly string[];
	mask?: string;
	/** The collection does not verify TLS certificates: neither does the command (--insecure). */
	insecure?: boolean;
};

/** A request curl's command line cannot say as curlew sends it. */
export class CurlCommandError extends Error {}

export function curlCommand(request: PreparedRequest, {secrets = [], mask = '••••••', insecure = false}: CurlCommandOptions = {}): string {
	// Longest first, so a secret that holds another is masked whole.
	const longestFirst = [...secrets].sort((a, b) => b.length - a.length);
	const hide = (text: string) => longestFirst.reduce((shown, secret) => shown.replaceAll(secret, mask), text);
	const url = hide(urlAsSent(request).replace(/#.*$/s, ''));
	const {body} = request;
	const hasBody = body !== undefined;
	// One option and its value a line: each goes on its own line of the command.
	const args: string[][] = [['curl']];
	if (request.method === 'HEAD') {
		// -X HEAD would wait for a body that never comes.
		args.push(['--head']);
	} else if (!(request.method === 'GET' && !hasBody) && !(request.method === 'POST' && hasBody)) {
		args.push(['--request', request.method]);
	}

	if (insecure) {
		args.push(['--insecure']);
	}

	if (request.target !== undefined) {
		args.push(['--path-as-is']);
	}

	if (/[[\]{}]/.test(url)) {
		args.push(['--globoff']);
	}

	args.push([quote(url)]);
	for (const [name, value] of request.headers) {
		// `Name:` alone would make curl drop the header; `Name;` sends it empty.
		args.push(['--header', quote(value === '' ? `${name};` : `${name}: ${hide(value)}`)]);
	}

	const hasContentType = request.headers.some(([name]) => name.toLowerCase() === 'content-type');
	if (hasBody && !hasContentType && !(typeof body === 'object' && 'multipart' in body)) {
		// curl types a body it sends as a form; curlew sends none.
		args.push(['--header', quote('Content-Type:')]);
	}

	if (request.digest !== undefined) {
		args.push(['--digest'], ['--user', quote(`${hide(request.digest.username)}:${hide(request.digest.password)}`)]);
	}

	let input: string | undefined;
	if (typeof body === 'string' || body instanceof Uint8Array) {
		const text = typeof body === 'string' ? body : utf8Text(body);
		if (text !== undefined && !text.includes('\u0000')) {
			args.push(['--data-raw', quote(hide(text))]);
		} else {
			// A shell argument cannot hold a NUL byte, nor bytes that are no text in every locale: printf writes them.
			input = `printf ${quote(printfFormat(typeof body === 'string' ? Buffer.from(body) : body))}`;
			args.push(['--data-binary', '@-']);
		}
	} else if (body !== undefined && 'file' in body) {
		args.push(['--data-binary', quote(`@${path.resolve(body.file)}`)]);
	} else if (body !== undefined) {
		for (const part of body.multipart) {
			args.push(formArgument(part, hide));
		}
	}

	const command = args.map(words => words.join(' ')).join(' \\\n  ');
	return input === undefined ? command : `${input} | ${command}`;
}

/** A part of a multipart form: its text taken as is (--form-string), or a file read by curl, typed as curlew types it. */
function formArgument(part: PreparedPart, hide: (text: string) => string): string[] {
	if (part.name.includes('=')) {
		throw new CurlCommandError(`The multipart part "${part.name}" has = in its name, which curl's -F cannot send: rename the part to copy the request as curl`);
	}

	if ('file' in part) {
		const type = part.contentType ?? fileType(part.file);
		return ['--form', quote(`${part.name}=@${formQuoted(path.resolve(part.file))};type=${type}`)];
	}

	if (part.contentType === undefined) {
		return ['--form-string', quote(`${part.name}=${hide(part.value)}`)];
	}

	// curlew sends such a part as a Blob, which a spec FormData names "blob": the same name, for the same bytes.
	return ['--form', quote(`${part.name}=${formQuoted(hide(part.value))};type=${part.contentType};filename=blob`)];
}

/** A value in curl's -F syntax taken as written: in double quotes, where a backslash escapes. */
function formQuoted(text: string): string {
	return `"${text.replaceAll(/["\\]/g, character => `\\${character}`)}"`;
}

const plain = /^[\w@%+=:,./-]+$/;

/** One shell word: as is when nothing in it is special to the shell, else in single quotes. */
export function quote(text: string): string {
	return plain.test(text) ? text : `'${text.replaceAll('\'', '\'\\\'\'')}'`;
}

/** printf's format for exactly these bytes: printable ASCII as is, the rest (and % and \) as octal escapes. */
function printfFormat(bytes: Uint8Array): string {
	let format = '';
	for (const byte of bytes) {
		const printable = byte >= 0x20 && byte < 0x7F && byte !== 0x25 && byte !== 0x5C;
		format += printable ? String.fromCodePoint(byte) : `\\${byte.toString(8).padStart(3, '0')}`;
	}

	return format;
}

function utf8Text(bytes: Uint8Array): string | undefined {
	try {
		return new TextDecoder('utf-8', {fatal: true}).decode(bytes);
	} catch {
		return undefined;
	}
}
