/** Where `offset` stands in `text`: its line and column, both counted from 1. */
export function lineAndColumn(text: string, offset: number): {line: number; column: number} {
	const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
	let line = 1;
	for (let at = text.indexOf('\n'); at !== -1 && at < lineStart; at = text.indexOf('\n', at + 1)) {
		line++;
	}

	return {line, column: offset - lineStart + 1};
}
