/**
Removes `//` and `/* *\/` comments from JSON text, as Postman does before it sends a raw
JSON body. Text inside string literals is kept, escaped quotes included; what is not a
comment is kept byte for byte, placeholders too.
*/
export function withoutJsonComments(text: string): string {
	let result = '';
	let position = 0;
	while (position < text.length) {
		const character = text[position]!;
		if (character === '"') {
			const end = stringEnd(text, position);
			result += text.slice(position, end);
			position = end;
		} else if (text.startsWith('//', position)) {
			const lineEnd = text.indexOf('\n', position);
			position = lineEnd === -1 ? text.length : lineEnd;
		} else if (text.startsWith('/*', position)) {
			const close = text.indexOf('*/', position + 2);
			position = close === -1 ? text.length : close + 2;
		} else {
			result += character;
			position++;
		}
	}

	return result;
}

/** Where the string literal opened at `start` ends (after its closing quote), or the end of the text. */
function stringEnd(text: string, start: number): number {
	for (let position = start + 1; position < text.length; position++) {
		if (text[position] === '\\') {
			position++;
		} else if (text[position] === '"' || text[position] === '\n') {
			return position + 1;
		}
	}

	return text.length;
}
