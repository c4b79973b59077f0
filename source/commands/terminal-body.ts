import {declaredCharset} from '../core/http/charset.js';
import {makeVisibleKeepingLayout} from '../core/visible-text.js';

/**
How much of a body's start tells text from binary: what the TUI's body tab looks at, and
about the size of the sample git reads to call a file binary.
*/
export const sniffBytes = 8000;

/**
A body in a binary format, judged by its start: a NUL byte, which text never holds, or bytes
that are not text in the declared charset (UTF-8 when none is declared), as the TUI's body tab
judges. A character cut at the end of the sample is not held against it. The Content-Type is
not asked whether the body is binary: servers send text as application/octet-stream, and SVG
as image/*.
*/
export function looksBinary(start: Uint8Array, charset: string | undefined): boolean {
	if (start.includes(0)) {
		return true;
	}

	if (charset !== undefined) {
		return false;
	}

	try {
		new TextDecoder('utf-8', {fatal: true}).decode(start, {stream: true});
		return false;
	} catch {
		return true;
	}
}

/**
A response body on its way to a terminal, in chunks cut anywhere: its text with every
control character shown as its picture (a server cannot retitle, clear or query the
terminal, nor set the clipboard), newlines and tabs kept. A character or a Windows line end
split between two chunks is shown whole. The first `sniffBytes` are held until it is known
whether the body is binary; a binary body shows nothing.
*/
export class TerminalBody {
	private readonly charset: string | undefined;
	private readonly decoder: InstanceType<typeof TextDecoder>;
	private start: Uint8Array[] = [];
	private startLength = 0;
	private binary: boolean | undefined;
	/** A carriage return at the end of a chunk, held until it is known whether a newline follows. */
	private heldReturn = false;
	private endsLine = true;

	constructor(contentType: string) {
		this.charset = declaredCharset(contentType);
		this.decoder = new TextDecoder(this.charset ?? 'utf-8');
	}

	/** Undefined while the start of the body is still being read. */
	get isBinary(): boolean | undefined {
		return this.binary;
	}

	/** The text to show for `bytes`: nothing yet while the start is held, and nothing of a binary body. */
	add(bytes: Uint8Array): string {
		if (this.binary === undefined) {
			this.start.push(bytes);
			this.startLength += bytes.length;
			return this.startLength < sniffBytes ? '' : this.decideOnStart();
		}

		return this.binary ? '' : this.shown(this.decoder.decode(bytes, {stream: true}));
	}

	/** The rest of the text, ended by a newline so that what the terminal shows next starts on its own line. */
	finish(): string {
		const rest = this.binary === undefined ? this.decideOnStart() : '';
		if (this.binary) {
			return '';
		}

		const text = rest + this.shown(this.decoder.decode(), true);
		return this.endsLine ? text : `${text}\n`;
	}

	private decideOnStart(): string {
		const start = Buffer.concat(this.start, this.startLength);
		this.start = [];
		this.binary = looksBinary(start.subarray(0, sniffBytes), this.charset);
		return this.binary ? '' : this.shown(this.decoder.decode(start, {stream: true}));
	}

	private shown(decoded: string, last = false): string {
		let text = this.heldReturn ? `\r${decoded}` : decoded;
		this.heldReturn = !last && text.endsWith('\r');
		if (this.heldReturn) {
			text = text.slice(0, -1);
		}

		if (text !== '') {
			this.endsLine = text.endsWith('\n');
		}

		return makeVisibleKeepingLayout(text);
	}
}
