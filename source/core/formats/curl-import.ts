/**
Reads a file of curl commands (`curl -X POST https://… -H … -d …`, one or several, as
browsers' "Copy as cURL" and API docs write them) into a collection: a request per URL,
named after its method and path (`POST /users`).

What curl sends is what the request sends: `-d` data goes as written, with curl's
Content-Type (form fields when curlew would send them as the same bytes); `-H 'Name:'`
removes a header; a file left out (`-d @file`, `-T file`) keeps curl's method; `-G` moves the data into the query; `-u` becomes a basic Authorization
header, unless a -H Authorization header is given (as -H User-Agent wins over -A). Options that only change what curl prints (-s, -v, -i, --compressed: curlew always
decompresses) are accepted; -L is curlew's default. -k, --max-time, --connect-timeout,
--max-redirs and --cacert set the collection's settings. Any other option is a note, never
dropped without a word.
*/
import path from 'node:path';
import {createCollection, createRequest, defaultSettings, httpMethods, maxTimeoutMs, type Body, type Auth, type CollectionSettings, type FormField, type Header, type HttpMethod, type MultipartPart, type Request} from '../model.js';
import {bearerHeader} from './auth-import.js';
import {splitShellCommands, type ShellCommand} from './curl-tokens.js';
import {FieldError} from './field-error.js';
import type {ImportedCollection} from './imported.js';
import {jsonFromLiteralText} from './literal-text.js';
import {maxListedProblems} from '../problem-list.js';
import {findHeader} from './header-list.js';
import {itemNameProblem} from './item-name.js';
import {withQuery} from './url-query.js';

type Data = {kind: 'data' | 'json' | 'urlencode'; text: string};

/** What one curl command asks for, as its options are read. */
type Parsed = {
	where: string;
	method?: string;
	head: boolean;
	get: boolean;
	urls: string[];
	headers: Header[];
	data: Data[];
	form: MultipartPart[];
	user?: string;
	/** --digest: -u's user and password answer a digest challenge. */
	digest?: boolean;
	/** Options left out because they read a file (`-d @body.json`), as written. */
	fileOptions: string[];
	/** The file `-T` or `--data-binary @` sends as the body, byte for byte. */
	bodyFile?: {file: string; written: string};
	/** -T: curl sends the file with PUT. */
	upload: boolean;
	/** Headers `-H 'Name:'` removes: curl sends none of that name, not even its own. */
	removed: Set<string>;
	/** -A's header, which a -H User-Agent header replaces, as in curl. */
	userAgent?: Header;
	/** Options curlew cannot honour, as written, by why (undefined: it does not support them), in the order each why first came. */
	leftOut: Map<string | undefined, string[]>;
	notes: string[];
};

/** `written`: the option and its value as the command wrote them, for notes. */
type OptionHandler = (parsed: Parsed, value: string, written: string, reading: Reading) => void;

type Reading = {
	/** The folder the commands were read from: a relative file path is made absolute from there, as curl run there would read it. */
	folder?: string;
	settings: Partial<CollectionSettings>;
	/** Which option set each setting first, to name it when a later command wants another value. */
	settingSources: Partial<Record<keyof CollectionSettings, string>>;
	notes: string[];
};

/** Options that only change how curl shows or fetches what the request gives; curlew decompresses and follows redirects by default. */
const accepted = new Set(['--silent', '--show-error', '--verbose', '--include', '--no-progress-meter', '--progress-bar', '--compressed', '--location', '--location-trusted', '--no-buffer']);

const shortNames: Readonly<Record<string, string>> = {
	X: '--request',
	H: '--header',
	d: '--data',
	u: '--user',
	G: '--get',
	F: '--form',
	L: '--location',
	k: '--insecure',
	s: '--silent',
	S: '--show-error',
	v: '--verbose',
	i: '--include',
	I: '--head',
	A: '--user-agent',
	e: '--referer',
	b: '--cookie',
	m: '--max-time',
	N: '--no-buffer',
	'#': '--progress-bar',
	o: '--output',
	O: '--remote-name',
	w: '--write-out',
	x: '--proxy',
	E: '--cert',
	T: '--upload-file',
	c: '--cookie-jar',
	D: '--dump-header',
	U: '--proxy-user',
	f: '--fail',
	Z: '--parallel',
	0: '--http1.0',
	4: '--ipv4',
	6: '--ipv6',
	r: '--range',
	z: '--time-cond',
	Y: '--speed-limit',
	y: '--speed-time',
	C: '--continue-at',
	K: '--config',
	t: '--telnet-option',
	P: '--ftp-port',
	Q: '--quote',
	j: '--junk-session-cookies',
	J: '--remote-header-name',
	R: '--remote-time',
};

/** Options curlew cannot honour that take a value, so that the value is not read as a URL. */
const unsupportedWithValue = new Set(['--output', '--write-out', '--proxy', '--cert', '--key', '--cookie-jar', '--dump-header', '--proxy-user', '--resolve', '--connect-to', '--interface', '--retry', '--retry-delay', '--retry-max-time', '--limit-rate', '--range', '--time-cond', '--speed-limit', '--speed-time', '--continue-at', '--config', '--telnet-option', '--ftp-port', '--quote', '--cert-type', '--key-type', '--pass', '--ciphers', '--capath', '--proxy-cacert', '--unix-socket', '--abstract-unix-socket', '--dns-servers', '--local-port', '--max-filesize', '--trace', '--trace-ascii', '--stderr', '--netrc-file', '--aws-sigv4', '--preproxy', '--noproxy', '--proxy-header', '--request-target', '--variable', '--expand-url', '--etag-save', '--etag-compare', '--output-dir', '--retry-all-errors', '--sasl-authzid', '--oauth2-bearer-file']);

const addHeader = (parsed: Parsed, name: string, value: string): void => {
	parsed.headers.push({name, value, enabled: true});
};

const requestOptions: Readonly<Record<string, OptionHandler>> = {
	'--request'(parsed, value) {
		parsed.method = value.toUpperCase();
	},
	'--header'(parsed, value) {
		// "Name;" is curl's way to send a header with an empty value, and "Name:" to send none.
		const colon = value.indexOf(':');
		if (colon === -1) {
			addHeader(parsed, value.replace(/;$/, '').trim(), '');
		} else if (value.slice(colon + 1).trim() === '') {
			const name = value.slice(0, colon).trim().toLowerCase();
			parsed.removed.add(name);
			parsed.headers = parsed.headers.filter(header => header.name.toLowerCase() !== name);
		} else {
			parsed.removed.delete(value.slice(0, colon).trim().toLowerCase());
			addHeader(parsed, value.slice(0, colon).trim(), value.slice(colon + 1).trim());
		}
	},
	'--data': addData('data'),
	'--data-ascii': addData('data'),
	'--data-binary'(parsed, value, written, reading) {
		// Byte for byte, unlike -d @file, which drops line breaks: a file body.
		if (value.startsWith('@') && value !== '@-') {
			setBodyFile(parsed, value.slice(1), written, reading);
			return;
		}

		addData('data')(parsed, value, written, reading);
	},
	'--data-raw'(parsed, value) {
		parsed.data.push({kind: 'data', text: value});
	},
	'--data-urlencode': addData('urlencode'),
	'--json': addData('json'),
	'--url'(parsed, value) {
		parsed.urls.push(value);
	},
	'--get'(parsed) {
		parsed.get = true;
	},
	'--head'(parsed) {
		parsed.head = true;
	},
	'--form': addFormField,
	'--form-string'(parsed, value) {
		const equals = value.indexOf('=');
		parsed.form.push({type: 'text', name: equals === -1 ? value : value.slice(0, equals), value: equals === -1 ? '' : value.slice(equals + 1)});
	},
	'--digest'(parsed) {
		parsed.digest = true;
	},
	'--basic'(parsed) {
		parsed.digest = false;
	},
	'--user'(parsed, value) {
		parsed.user = value;
	},
	'--user-agent'(parsed, value) {
		// A later -A replaces an earlier one.
		parsed.headers = parsed.headers.filter(header => header !== parsed.userAgent);
		parsed.userAgent = {name: 'User-Agent', value, enabled: true};
		parsed.headers.push(parsed.userAgent);
	},
	'--referer'(parsed, value) {
		addHeader(parsed, 'Referer', value.replace(/;auto$/, ''));
	},
	'--cookie'(parsed, value, written) {
		if (value.includes('=')) {
			addHeader(parsed, 'Cookie', value);
		} else {
			parsed.notes.push(`${parsed.where}: ${written} was left out: it names a cookie file, which curlew does not read; add a Cookie header`);
		}
	},
	'--upload-file'(parsed, value, written, reading) {
		parsed.upload = true;
		if (value === '-' || value === '.') {
			parsed.fileOptions.push(written);
		} else {
			setBodyFile(parsed, value, written, reading);
		}
	},
	'--oauth2-bearer'(parsed, value) {
		parsed.headers.push(bearerHeader(value));
	},
};

const secondsExpected = `expected a positive number of seconds, at most ${Math.floor(maxTimeoutMs / 1000)} (24.8 days)`;

/** Options that set one of the collection's settings: `read` gives the value, or undefined when the option's value is not what `expected` says. */
const settingOptions: Readonly<Record<string, {setting: keyof CollectionSettings; takesValue: boolean; read: (value: string) => CollectionSettings[keyof CollectionSettings] | undefined; expected?: string}>> = {
	'--insecure': {setting: 'verifyTls', takesValue: false, read: () => false},
	'--max-time': {setting: 'totalTimeoutMs', takesValue: true, read: seconds, expected: secondsExpected},
	'--connect-timeout': {setting: 'connectTimeoutMs', takesValue: true, read: seconds, expected: secondsExpected},
	'--max-redirs': {setting: 'maxRedirects', takesValue: true, read: value => /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : undefined, expected: 'expected a whole number'},
	'--cacert': {setting: 'caFile', takesValue: true, read: value => value},
};

/** Seconds as milliseconds, at least 1 (curl counts in milliseconds too); undefined past maxTimeoutMs. */
function seconds(value: string): number | undefined {
	const ms = Math.max(1, Math.round(Number(value) * 1000));
	return /^\d+(?:\.\d+)?$/.test(value) && Number(value) > 0 && ms <= maxTimeoutMs ? ms : undefined;
}

function addData(kind: Data['kind']): OptionHandler {
	return (parsed, value, written) => {
		// curl reads `@file` (and for --data-urlencode `name@file`) from a file.
		const fileAt = kind === 'urlencode' ? /^[^=]*@/.exec(value) : value.startsWith('@') ? [value] : null;
		if (fileAt !== null) {
			parsed.fileOptions.push(written);
			return;
		}

		parsed.data.push({kind, text: value});
	};
}

function setBodyFile(parsed: Parsed, file: string, written: string, reading: Reading): void {
	if (parsed.bodyFile !== undefined) {
		parsed.notes.push(`${parsed.where}: ${parsed.bodyFile.written} was left out: ${written} gives the body too, and curlew sends one file`);
	}

	parsed.bodyFile = {file: absolutePath(file, reading), written};
}

function absolutePath(file: string, reading: Reading): string {
	return reading.folder === undefined || path.isAbsolute(file) ? file : path.join(reading.folder, file);
}

/** `-F name=value`, or `-F name=@file;type=image/png`: a part of a multipart form. */
function addFormField(parsed: Parsed, value: string, written: string, reading: Reading): void {
	const equals = value.indexOf('=');
	const fieldName = equals === -1 ? value : value.slice(0, equals);
	const fieldValue = equals === -1 ? '' : value.slice(equals + 1);
	if (fieldValue.startsWith('<')) {
		parsed.notes.push(`${parsed.where}: the field ${written} was left out: curl sends that file's text as a plain field, and curlew sends a file only as a file part (-F name=@file)`);
		return;
	}

	if (!fieldValue.startsWith('@')) {
		parsed.form.push({type: 'text', name: fieldName, value: fieldValue});
		return;
	}

	const [file = '', ...attributes] = fieldValue.slice(1).split(';');
	const type = attributes.find(attribute => attribute.startsWith('type='))?.slice('type='.length);
	if (attributes.some(attribute => !attribute.startsWith('type='))) {
		parsed.notes.push(`${parsed.where}: of ${written}, only the file and its type were kept: curlew names the part's file after the file itself`);
	}

	parsed.form.push({type: 'file', name: fieldName, file: absolutePath(file, reading), ...(type === undefined || type === '' ? {} : {contentType: type})});
}

/**
@param fileName the file's name: the collection is named after it, without its extension.
@throws FieldError, its field `line N`, for a command curlew cannot read at all.
*/
export function readCurlCommands(text: string, fileName: string, {folder}: {folder?: string} = {}): ImportedCollection {
	const reading: Reading = {folder, settings: {}, settingSources: {}, notes: []};
	const requests: Request[] = [];
	let readsOutput = false;
	for (const command of splitShellCommands(text)) {
		pushEach(reading.notes, command.notes);
		const [program] = command.words;
		if (program !== 'curl') {
			reading.notes.push(readsOutput
				? `line ${command.line}: ${program} was left out: it reads curl's output, and curlew shows the response itself`
				: `line ${command.line}: ${program} was left out: it is not a curl command`);
		} else {
			pushEach(requests, readCommand(command, reading));
		}

		readsOutput = command.endedBy === '|';
	}

	if (requests.length === 0) {
		// Every curl command has a URL by now, so each was left out, and a note says why.
		throw new FieldError('', `there is no request curlew can import in it: ${reading.notes.join('; ')}`);
	}

	if (requests.length > 1) {
		for (const [setting, source] of Object.entries(reading.settingSources)) {
			reading.notes.push(`${source} set ${setting} for every request of the collection: curlew has one value for the whole collection`);
		}
	}

	const collection = createCollection({
		name: collectionName(fileName),
		requests,
		settings: {...defaultSettings, ...reading.settings},
	});
	return {collection, notes: reading.notes, settingSources: reading.settingSources};
}

function readCommand(command: ShellCommand, reading: Reading): Request[] {
	const where = `line ${command.line}`;
	const parsed: Parsed = {where, head: false, get: false, urls: [], headers: [], data: [], form: [], fileOptions: [], upload: false, removed: new Set(), leftOut: new Map(), notes: []};
	const words = command.words.slice(1);
	for (let index = 0; index < words.length; index++) {
		const word = words[index]!;
		if (!word.startsWith('-') || word === '-') {
			parsed.urls.push(word);
			continue;
		}

		for (const {name, written, attached} of optionNames(word)) {
			const takesValue = takesAValue(name);
			let value = attached;
			if (takesValue && value === undefined) {
				value = words[++index];
				if (value === undefined) {
					throw new FieldError(where, `${written} needs a value after it`);
				}
			}

			applyOption(parsed, {name, written: takesValue ? `${written} ${value!}` : written}, value ?? '', reading);
			if (takesValue) {
				break;
			}
		}
	}

	pushEach(reading.notes, [...parsed.notes, ...leftOutNotes(parsed)]);
	if (parsed.urls.length === 0) {
		throw new FieldError(where, 'the curl command has no URL');
	}

	const method = methodOf(parsed);
	for (const written of parsed.fileOptions) {
		reading.notes.push(`${where}: ${written} was left out: curlew does not read files; the request stays a ${method}, as curl sends it: paste the file's content as its body`);
	}
	if (!httpMethods.includes(method as HttpMethod)) {
		reading.notes.push(`${where}: the request was left out: its method ${method} is not one curlew sends (${httpMethods.join(', ')})`);
		return [];
	}

	const fromA = parsed.userAgent;
	const headers = [...parsed.headers];
	if (fromA !== undefined && findHeader(headers.filter(header => header !== fromA), 'User-Agent') !== undefined) {
		headers.splice(headers.indexOf(fromA), 1);
		reading.notes.push(`${where}: -A ${fromA.value} was left out: the -H User-Agent header wins over it, as in curl`);
	}

	let auth: Auth | undefined;
	if (parsed.user !== undefined && findHeader(headers, 'Authorization') !== undefined) {
		reading.notes.push(`${where}: -u ${parsed.user} was left out: the -H Authorization header wins over it, as in curl`);
	} else if (parsed.user !== undefined) {
		const colon = parsed.user.indexOf(':');
		if (colon === -1) {
			reading.notes.push(`${where}: -u ${parsed.user} was left out: it has no password, which curl would ask for; add the password after a colon`);
		} else {
			auth = {type: parsed.digest ? 'digest' : 'basic', username: parsed.user.slice(0, colon), password: parsed.user.slice(colon + 1)};
		}
	}

	const json = parsed.data.some(data => data.kind === 'json');
	if (json) {
		for (const [name, value] of [['Content-Type', 'application/json'], ['Accept', 'application/json']] as const) {
			if (findHeader(headers, name) === undefined && !parsed.removed.has(name.toLowerCase())) {
				headers.push({name, value, enabled: true});
			}
		}
	}

	const dataText = parsed.data.map(data => data.kind === 'urlencode' ? urlencoded(data.text) : data.text).join('&');
	return parsed.urls.map(url => {
		const fullUrl = parsed.get && dataText !== '' ? withQuery(url, dataText) : url;
		return createRequest({
			name: requestName(method, fullUrl),
			method: method as HttpMethod,
			url: fullUrl,
			headers,
			...(auth === undefined ? {} : {auth}),
			body: parsed.get ? {type: 'none'} : bodyOf(parsed, dataText, headers, json, reading.notes),
		});
	});
}

/** The long names of the options in `word`: `--data`, or each letter of `-sSL`, the last one's value attached (`-XPOST`). */
function optionNames(word: string): Array<{name: string; written: string; attached?: string}> {
	if (word.startsWith('--')) {
		return [{name: word, written: word}];
	}

	const names: Array<{name: string; written: string; attached?: string}> = [];
	for (let index = 1; index < word.length; index++) {
		const written = `-${word[index]!}`;
		const name = shortNames[word[index]!] ?? written;
		const rest = word.slice(index + 1);
		if (takesAValue(name) && rest !== '') {
			names.push({name, written, attached: rest});
			break;
		}

		names.push({name, written});
	}

	return names;
}

/** The request options that take no value. */
const requestFlags = new Set(['--get', '--head', '--digest', '--basic']);

function takesAValue(name: string): boolean {
	if (requestOptions[name] !== undefined) {
		return !requestFlags.has(name);
	}

	return settingOptions[name]?.takesValue ?? unsupportedWithValue.has(name);
}

/** `written`: the option as the command wrote it, value included (`-o out.json`), for notes. */
function applyOption(parsed: Parsed, {name, written}: {name: string; written: string}, value: string, reading: Reading): void {
	const handler = requestOptions[name];
	if (handler !== undefined) {
		handler(parsed, value, written, reading);
		return;
	}

	const setting = settingOptions[name];
	if (setting !== undefined) {
		const read = setting.read(value);
		if (read === undefined) {
			throw new FieldError(parsed.where, `${written}: ${setting.expected!}`);
		}

		const earlier = reading.settingSources[setting.setting];
		if (earlier !== undefined && reading.settings[setting.setting] !== read) {
			parsed.notes.push(`${parsed.where}: ${written} was left out: ${earlier} set ${setting.setting} already, and curlew has one value for the whole collection`);
			return;
		}

		reading.settingSources[setting.setting] ??= `${written} (${parsed.where})`;
		(reading.settings as Record<string, unknown>)[setting.setting] = read;
		return;
	}

	if (accepted.has(name)) {
		return;
	}

	const reason = unsupportedReasons[name];
	const options = parsed.leftOut.get(reason) ?? [];
	options.push(written);
	parsed.leftOut.set(reason, options);
}

/**
The notes on the options of a command left out for each reason: one line per reason, however
many options it has (a file of 150,000 unknown options gets one, not 150,000), naming the first
maxListedProblems.
*/
function leftOutNotes({where, leftOut}: Parsed): string[] {
	return [...leftOut].map(([reason, options]) => {
		const why = reason ?? `curlew does not support ${options.length === 1 ? 'it' : 'them'}`;
		if (options.length === 1) {
			return `${where}: ${options[0]!} was left out: ${why}`;
		}

		const others = options.length - maxListedProblems;
		const named = others > 0 ? `${options.slice(0, maxListedProblems).join(', ')} and ${others.toLocaleString('en-US')} more` : options.join(', ');
		return `${where}: ${options.length.toLocaleString('en-US')} options were left out: ${why}: ${named}`;
	});
}

const unsupportedReasons: Readonly<Record<string, string>> = {
	'--proxy': 'curlew sends through the proxy in HTTP_PROXY / HTTPS_PROXY',
	'--output': 'curlew keeps responses itself',
	'--remote-name': 'curlew keeps responses itself',
	'--dump-header': 'curlew keeps responses itself',
	'--write-out': 'curlew shows the status, time and size itself',
	'--fail': 'curlew run exits 1 on a 4xx or 5xx response already',
};

/** push(...items) passes each item as an argument, and a command's notes or URLs can outnumber what the stack holds. */
function pushEach<T>(list: T[], more: readonly T[]): void {
	for (const item of more) {
		list.push(item);
	}
}

function methodOf(parsed: Parsed): string {
	if (parsed.method !== undefined) {
		return parsed.method;
	}

	if (parsed.head) {
		return 'HEAD';
	}

	if (parsed.upload) {
		return 'PUT';
	}

	return !parsed.get && (parsed.data.length > 0 || parsed.form.length > 0 || parsed.fileOptions.length > 0 || parsed.bodyFile !== undefined) ? 'POST' : 'GET';
}

function bodyOf(parsed: Parsed, dataText: string, headers: Header[], json: boolean, notes: string[]): Body {
	if (parsed.form.length > 0) {
		if (parsed.data.length > 0 || parsed.bodyFile !== undefined) {
			notes.push(`${parsed.where}: its -d data was left out: curl refuses -d beside -F, and so does curlew`);
		}

		return {type: 'multipart', parts: parsed.form};
	}

	if (parsed.bodyFile !== undefined) {
		if (parsed.data.length > 0) {
			notes.push(`${parsed.where}: its other -d data was left out: ${parsed.bodyFile.written} gives the body, and curlew sends the file alone`);
		}

		// curl sends -T's file with no Content-Type, and --data-binary's as a form: the file's own type is unknown either way.
		return {type: 'file', file: parsed.bodyFile.file};
	}

	if (parsed.data.length === 0) {
		return {type: 'none'};
	}

	const contentType = findHeader(headers, 'content-type')?.value;
	if (json || (contentType !== undefined && /\bjson\b/i.test(contentType))) {
		const body = jsonFromLiteralText(dataText);
		if (!body.exact) {
			notes.push(`${parsed.where}: its JSON data has a backslash right before {{, which is not JSON: curlew sends it with one backslash more, as an escaped backslash`);
		}

		return {type: 'json', text: body.text};
	}

	if (parsed.removed.has('content-type')) {
		notes.push(`${parsed.where}: -H 'Content-Type:' removes the header, and curl sends its data without one; curlew gives every body a Content-Type, and sends this one as text/plain`);
		return {type: 'text', text: dataText};
	}

	if (contentType === undefined || /^application\/x-www-form-urlencoded\b/i.test(contentType)) {
		const fields = formFields(dataText);
		if (fields !== undefined) {
			return {type: 'form', fields};
		}

		// Kept as curl sends it: a text body, with the Content-Type curl gives -d data.
		if (contentType === undefined) {
			headers.push({name: 'Content-Type', value: 'application/x-www-form-urlencoded', enabled: true});
		}
	}

	return {type: 'text', text: dataText};
}

/**
`a=1&b=x%20y` as form fields, or undefined when the text is not such pairs or curlew, which
encodes a form's fields as it sends them, would not send the very same bytes (`a=$HOME` would
go out as `a=%24HOME`): curl sends -d data as written.
*/
function formFields(text: string): FormField[] | undefined {
	const fields: FormField[] = [];
	for (const pair of text.split('&')) {
		const match = /^([^=\s]+)=([^\s]*)$/.exec(pair);
		if (match === null) {
			return undefined;
		}

		try {
			const field = {name: decodeFormPart(match[1]!), value: decodeFormPart(match[2]!)};
			if (new URLSearchParams([[field.name, field.value]]).toString() !== pair) {
				return undefined;
			}

			fields.push(field);
		} catch {
			return undefined;
		}
	}

	return fields;
}

function decodeFormPart(text: string): string {
	return decodeURIComponent(text.replaceAll('+', ' '));
}

/** --data-urlencode: `content`, `=content` or `name=content`, its content URL-encoded. */
function urlencoded(text: string): string {
	const equals = text.indexOf('=');
	if (equals === -1) {
		return encodeComponent(text);
	}

	const name = text.slice(0, equals);
	return `${name === '' ? '' : `${name}=`}${encodeComponent(text.slice(equals + 1))}`;
}

/** encodeURIComponent throws on a lone surrogate, which text handed to the library may hold: it is encoded as UTF-8 writes it, U+FFFD. */
function encodeComponent(text: string): string {
	return encodeURIComponent(text.replaceAll(/\p{Cs}/gu, '\uFFFD'));
}

/** `POST /users`: the path of the URL, without scheme, host or query. */
function requestName(method: string, url: string): string {
	const path = /^(?:[a-z][\w+.-]*:\/\/)?[^/?#]*([^?#]*)/i.exec(url)![1]!;
	// A control character written with $'\x01' must not reach a name, which lists show.
	return `${method} ${path === '' ? '/' : path}`.replaceAll(/\p{Cc}/gu, ' ');
}

function collectionName(fileName: string): string {
	const name = path.parse(fileName).name;
	return itemNameProblem(name, 'collection') === undefined ? name : 'curl commands';
}
