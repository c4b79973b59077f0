/**
HTTP Digest access authentication (RFC 7616, and RFC 2617's MD5 that most servers still
speak): the server's 401 carries a challenge in WWW-Authenticate, the client answers with
an Authorization header computed from it and the credentials, and the password itself never
goes on the wire.

Written here rather than taken from a library: the npm packages for it parse the challenge
by splitting on commas (a quoted `qop="auth,auth-int"` or a realm with a comma breaks
them), cut a password at its first colon, or know MD5 alone.
*/
import {createHash, randomBytes} from 'node:crypto';

export type DigestChallenge = {
	realm: string;
	nonce: string;
	opaque?: string;
	algorithm: string;
	/** The qop values the server offers, lower-cased; empty for an RFC 2069 server, which has none. */
	qop: string[];
	userhash: boolean;
};

const hashes: Readonly<Record<string, string>> = {
	'md5': 'md5',
	'sha-256': 'sha256',
	'sha-512-256': 'sha512-256',
};

/**
The Digest challenge of a 401's WWW-Authenticate headers that curlew can answer (a known
algorithm; of several, the strongest), or undefined when there is none.
*/
export function digestChallenge(headers: ReadonlyArray<readonly [string, string]>): DigestChallenge | undefined {
	const challenges = headers
		.filter(([name]) => name.toLowerCase() === 'www-authenticate')
		.flatMap(([, value]) => parseChallenges(value))
		.filter(({scheme}) => scheme.toLowerCase() === 'digest')
		.map(({parameters}) => challengeOf(parameters))
		.filter((challenge): challenge is DigestChallenge => challenge !== undefined);
	const strength = (challenge: DigestChallenge) => Object.keys(hashes).indexOf(challenge.algorithm.toLowerCase().replace(/-sess$/, ''));
	return challenges.sort((a, b) => strength(b) - strength(a))[0];
}

function challengeOf(parameters: Map<string, string>): DigestChallenge | undefined {
	const realm = parameters.get('realm');
	const nonce = parameters.get('nonce');
	const algorithm = parameters.get('algorithm') ?? 'MD5';
	if (realm === undefined || nonce === undefined || hashes[algorithm.toLowerCase().replace(/-sess$/, '')] === undefined) {
		return undefined;
	}

	const opaque = parameters.get('opaque');
	return {
		realm,
		nonce,
		...(opaque === undefined ? {} : {opaque}),
		algorithm,
		qop: (parameters.get('qop') ?? '').split(',').map(value => value.trim().toLowerCase()).filter(value => value !== ''),
		userhash: parameters.get('userhash')?.toLowerCase() === 'true',
	};
}

export type DigestAnswer = {
	method: string;
	/** The request-target as sent: path and query. */
	uri: string;
	username: string;
	password: string;
	/** The body's bytes, for qop auth-int; undefined when the body is not at hand (a file, a form), which rules auth-int out. */
	body?: Uint8Array;
	/** For tests: the client nonce; random otherwise. */
	cnonce?: string;
};

/** The Authorization header's value that answers `challenge`; undefined when the server asks only for auth-int and the body is not at hand. */
export function digestAuthorization(challenge: DigestChallenge, answer: DigestAnswer): string | undefined {
	const algorithm = challenge.algorithm.toLowerCase();
	const session = algorithm.endsWith('-sess');
	const hash = (text: string | Uint8Array) => createHash(hashes[algorithm.replace(/-sess$/, '')]!).update(text).digest('hex');
	const qop = challenge.qop.length === 0 ? undefined : challenge.qop.includes('auth') ? 'auth' : challenge.qop.includes('auth-int') && answer.body !== undefined ? 'auth-int' : null;
	if (qop === null) {
		return undefined;
	}

	const cnonce = answer.cnonce ?? randomBytes(16).toString('hex');
	const nc = '00000001';
	let ha1 = hash(`${answer.username}:${challenge.realm}:${answer.password}`);
	if (session) {
		ha1 = hash(`${ha1}:${challenge.nonce}:${cnonce}`);
	}

	const ha2 = hash(qop === 'auth-int' ? `${answer.method}:${answer.uri}:${hash(answer.body!)}` : `${answer.method}:${answer.uri}`);
	const response = hash(qop === undefined ? `${ha1}:${challenge.nonce}:${ha2}` : `${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`);
	const username = challenge.userhash ? hash(`${answer.username}:${challenge.realm}`) : answer.username;
	const fields = [
		`username=${quoted(username)}`,
		`realm=${quoted(challenge.realm)}`,
		`nonce=${quoted(challenge.nonce)}`,
		`uri=${quoted(answer.uri)}`,
		`algorithm=${challenge.algorithm}`,
		...(qop === undefined ? [] : [`qop=${qop}`, `nc=${nc}`, `cnonce=${quoted(cnonce)}`]),
		`response=${quoted(response)}`,
		...(challenge.opaque === undefined ? [] : [`opaque=${quoted(challenge.opaque)}`]),
		...(challenge.userhash ? ['userhash=true'] : []),
	];
	return `Digest ${fields.join(', ')}`;
}

function quoted(text: string): string {
	return `"${text.replaceAll(/["\\]/g, character => `\\${character}`)}"`;
}

type Challenge = {scheme: string; parameters: Map<string, string>};

/**
The challenges of one WWW-Authenticate value (RFC 7235: `Scheme name=value, name="quoted",
Other ...`): parameter names lower-cased, quoted values unescaped. A challenge's token68 form
(`Negotiate abc==`) has no parameters.
*/
export function parseChallenges(value: string): Challenge[] {
	const challenges: Challenge[] = [];
	const token = /[!#$%&'*+.^_`|~\w-]+/y;
	let at = 0;
	const skip = (pattern: RegExp) => {
		pattern.lastIndex = at;
		if (pattern.test(value)) {
			at = pattern.lastIndex;
		}
	};

	const read = (pattern: RegExp): string | undefined => {
		pattern.lastIndex = at;
		const match = pattern.exec(value);
		if (match === null) {
			return undefined;
		}

		at = pattern.lastIndex;
		return match[0];
	};

	while (at < value.length) {
		skip(/[\s,]*/y);
		const word = read(token);
		if (word === undefined) {
			break;
		}

		const before = at;
		skip(/[ \t]*/y);
		if (value[at] === '=' && challenges.length > 0) {
			// A parameter of the challenge before.
			at++;
			skip(/[ \t]*/y);
			challenges.at(-1)!.parameters.set(word.toLowerCase(), readValue());
			continue;
		}

		at = before;
		const challenge: Challenge = {scheme: word, parameters: new Map()};
		challenges.push(challenge);
		skip(/[ \t]*/y);
		// A token68 credential, or the first parameter.
		const next = read(token);
		if (next === undefined) {
			continue;
		}

		skip(/[ \t]*/y);
		if (value[at] === '=' && !/^=+\s*(?:,|$)/.test(value.slice(at))) {
			at++;
			skip(/[ \t]*/y);
			challenge.parameters.set(next.toLowerCase(), readValue());
		} else {
			skip(/=*/y);
		}
	}

	return challenges;

	function readValue(): string {
		if (value[at] !== '"') {
			return read(token) ?? '';
		}

		let text = '';
		for (at++; at < value.length && value[at] !== '"'; at++) {
			if (value[at] === '\\' && at + 1 < value.length) {
				at++;
			}

			text += value[at];
		}

		at++;
		return text;
	}
}
