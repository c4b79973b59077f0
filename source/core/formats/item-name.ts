/**
Why `name` cannot name a new collection, request or environment (`what`), or `undefined`
when it can. A name is a line that lists, messages and `curlew run` show: it needs a
character other than spaces, and no control character (a line break, a tab, a bell),
which would garble the terminal. The text reads after a field path, or as a sentence once
capitalized.
*/
export function itemNameProblem(name: string, what: string): string | undefined {
	const article = /^[aeiou]/.test(what) ? 'an' : 'a';
	if (name.trim() === '') {
		return `${article} ${what} needs a name of at least one character other than spaces`;
	}

	const control = /\p{Cc}/u.exec(name)?.[0];
	if (control !== undefined) {
		const code = codePoint(control);
		// JSON.stringify leaves DEL and U+0080-U+009F as they are; some terminals act on those too.
		const shown = JSON.stringify(name).replaceAll(/\p{Cc}/gu, character => `\\u${codePoint(character).slice(2)}`);
		return `${article} ${what} name cannot hold control characters: ${shown} holds ${control === '\n' || control === '\r' ? `a line break (${code})` : code}`;
	}

	return undefined;
}

function codePoint(character: string): string {
	return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
