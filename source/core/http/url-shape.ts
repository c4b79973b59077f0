/**
What a value filled into a URL did to the URL's shape. Text is inserted as it is (DESIGN
section 3), so `?tags={{t}}` with `a#b c` sends `?tags=a` and keeps `b c` as a fragment, which
never leaves curlew: each such value gets a warning that names its placeholder and what its
"#", "?", "&" or space did there.

Where a placeholder stands is read from the text before it, values before it filled in: the
scheme and host (where a value is a base URL, whose "/", "?" and ":" are meant), the path, the
query or the fragment (which is not sent, so nothing there matters).
*/
import type {Fill} from '../interpolate/index.js';

type UrlPart = 'base' | 'path' | 'query' | 'fragment';

/** One thing a value did: what it holds, and what that did. */
type Effect = string;

const longestQuoted = 60;

/**
A warning for each placeholder of `template` whose value changed the URL's shape, with its
column: `URL, column 29: {{t}}: its value …`. A value that holds one of `secrets`, or is part
of one, is not quoted, nor any piece of it: masking could not hide a piece.
*/
export function urlShapeWarnings(template: string, fills: readonly Fill[], secrets: readonly string[] = []): string[] {
	const warnings: string[] = [];
	const cursor = new UrlCursor();
	let position = 0;
	for (const fill of fills) {
		cursor.add(template.slice(position, fill.offset));
		position = fill.offset + fill.placeholder.length;
		if (fill.text !== fill.placeholder) {
			const followed = template.slice(position).trim() !== '';
			const hidden = secrets.some(secret => fill.text.includes(secret) || secret.includes(fill.text));
			const show = hidden ? undefined : quoted;
			const effects = effectsOf(fill.text, cursor.part, followed, show);
			if (effects.length > 0) {
				warnings.push(`URL, column ${fill.offset + 1}: ${fill.placeholder}: its value ${show?.(fill.text) ?? '(a secret)'} holds ${listed(effects)}${advice(fill.text, cursor.part, show)}`);
			}
		}

		cursor.add(fill.text);
	}

	return warnings;
}

/** How a piece of a value is shown: quoted, or, for a secret (undefined), not at all. */
type Show = ((text: string) => string) | undefined;

/** What `value`'s characters do where it starts, in `part`, in order, up to a "#" (past it nothing is sent). */
function effectsOf(value: string, part: UrlPart, followed: boolean, show: Show): Effect[] {
	const effects: Effect[] = [];
	let current = part;
	let spaceSaid = false;
	let ampersandSaid = false;
	for (let index = 0; index < value.length && current !== 'fragment'; index++) {
		const character = value[index];
		// A "#" or "?" that ends the URL, or an empty parameter, takes nothing away.
		const rest = value.slice(index + 1);
		const takes = rest !== '' || followed;
		if (character === '#') {
			if (takes) {
				effects.push(`"#", which starts the URL's fragment: ${whatFollows(rest, followed, show)} not sent`);
			}

			current = 'fragment';
		} else if (current === 'path' && character === '?') {
			if (takes) {
				effects.push(`"?", which starts the URL's query: ${whatFollows(rest, followed, show)} sent as the query, not the path`);
			}

			current = 'query';
		} else if (current === 'query' && character === '&' && !ampersandSaid) {
			const parameter = rest.split('#')[0]!;
			if (parameter !== '') {
				effects.push(`"&", which separates query parameters: ${show?.(parameter) ?? 'what follows it'} is sent as a parameter of its own`);
				ampersandSaid = true;
			}
		} else if (character === ' ' && (current === 'path' || current === 'query') && !spaceSaid) {
			effects.push('a space, which is sent as %20');
			spaceSaid = true;
		}
	}

	return effects;
}

/** The rest of the value after a character, and of the URL when more follows the placeholder, with its verb. */
function whatFollows(rest: string, followed: boolean, show: Show): string {
	if (rest === '') {
		return followed ? 'the rest of the URL is' : 'nothing is';
	}

	return `${show?.(rest) ?? 'what follows it'}${followed ? ' and the rest of the URL are' : ' is'}`;
}

/** The value as it would be written to be data there, when one of its characters did more than a space does. */
function advice(value: string, part: UrlPart, show: Show): string {
	const shaping = part === 'base' ? /#/ : /[#?&]/;
	if (!shaping.test(value)) {
		return '';
	}

	return `; if it is data, give the value encoded${show === undefined ? ' (%23 for "#", %26 for "&", %3F for "?")' : `: ${show(encodeURIComponent(value))}`}`;
}

function listed(effects: readonly Effect[]): string {
	return effects.length === 1 ? effects[0]! : `${effects.slice(0, -1).join(', ')}, and ${effects.at(-1)!}`;
}

function quoted(text: string): string {
	return `"${text.length > longestQuoted ? `${text.slice(0, longestQuoted - 1)}…` : text}"`;
}

/** Follows a URL's text piece by piece, knowing which part the next piece starts in. */
class UrlCursor {
	part: UrlPart = 'base';
	/** The text so far while the scheme and host go on: they end at the first "/", "?", "#" or "\" after the scheme. */
	private base = '';
	/** Where the host starts in `base`, once the scheme is known (or known to be left out). */
	private hostStart: number | undefined;

	add(piece: string): void {
		let rest = piece;
		if (this.part === 'base') {
			const searchFrom = this.base.length;
			this.base += piece;
			if (this.hostStart === undefined) {
				const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(this.base);
				if (scheme === null && /^[a-z][a-z\d+.-]*:?\/?$/i.test(this.base)) {
					// Still the start of a scheme, such as "https:/".
					return;
				}

				this.hostStart = scheme?.[0].length ?? 0;
			}

			const from = Math.max(searchFrom, this.hostStart);
			const end = this.base.slice(from).search(/[/?#\\]/);
			if (end === -1) {
				return;
			}

			rest = this.base.slice(from + end);
			this.base = '';
			this.part = 'path';
		}

		if (this.part === 'fragment') {
			return;
		}

		const hash = rest.indexOf('#');
		const question = this.part === 'path' ? rest.indexOf('?') : -1;
		if (question !== -1 && (hash === -1 || question < hash)) {
			this.part = 'query';
		}

		if (hash !== -1) {
			this.part = 'fragment';
		}
	}
}
