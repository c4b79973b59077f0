// Small edits to dependencies as the CLI is bundled, each for start-up time and each
// leaving what the dependency computes unchanged. An edit whose text is no longer found
// fails the build: the dependency changed, and the edit must be looked at again.
import {readFileSync} from 'node:fs';

/**
Replaces each `[from, to]` in `source`, where `from` must occur exactly once.
@param {string} source
@param {ReadonlyArray<readonly [string, string]>} replacements
@param {string} where the file, for the error
@returns {string}
*/
export function replaceOnce(source, replacements, where) {
	let edited = source;
	for (const [from, to] of replacements) {
		const count = edited.split(from).length - 1;
		if (count !== 1) {
			throw new Error(`${where}: expected one ${JSON.stringify(from)}, found ${count}: check what this version of the package does before editing it`);
		}

		edited = edited.replace(from, () => to);
	}

	return edited;
}

/*
Yoga (Ink's layout engine) holds its WebAssembly as a data: URL and reads it with fetch
when fetch exists. Touching fetch makes Node load its whole HTTP client (undici) before
the first frame, about 40 ms; without fetch, Yoga decodes the same bytes with atob.
*/
export const yogaWithoutFetch = {
	filter: /yoga-wasm-base64-esm\.js$/,
	edit(source, where) {
		const edited = source.replaceAll('typeof fetch', 'typeof undefined');
		if (edited === source) {
			throw new Error(`${where}: it no longer tests typeof fetch: check how this version of Yoga loads its WebAssembly`);
		}

		return edited;
	},
};

/*
string-width 8 tests every grapheme cluster that is not printable ASCII against
/^\p{RGI_Emoji}$/v, a pattern V8 takes 20 to 40 ms to compile at its first use: the first
frame pays it for its box-drawing borders. A cluster of one UTF-16 code unit is an RGI
emoji only if it has Emoji_Presentation (a test checks this over every such unit), so that
cheap test goes first and the large pattern is compiled only for longer clusters.
(wrap-ansi's own string-width 7 has no such pattern: it is left as it is.)
*/
export const stringWidthEmojiTestedLast = {
	filter: /[\\/]string-width[\\/]index\.js$/,
	edit(source, where) {
		if (!source.includes('rgiEmojiRegex')) {
			return undefined;
		}

		return replaceOnce(source, [
			['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;\nconst emojiPresentationRegex = /\\p{Emoji_Presentation}/u;'],
			['if (rgiEmojiRegex.test(segment) ||', 'if (((segment.length > 1 || emojiPresentationRegex.test(segment)) && rgiEmojiRegex.test(segment)) ||'],
		], where);
	},
};

/*
got imports http2-wrapper, whose loading requires node:http2 and makes a TLS socket, about
10 ms of every send's start-up; got uses it only when a request asks for HTTP/2, which
curlew's never do. It is required at that use instead.
*/
export const gotHttp2WhenUsed = {
	filter: /got[\\/]dist[\\/]source[\\/]core[\\/]options\.js$/,
	edit(source, where) {
		const uses = source.match(/http2wrapper\.\w+/g) ?? [];
		const expected = ['http2wrapper.Agent', 'http2wrapper.globalAgent', 'http2wrapper.auto'];
		if (uses.join() !== expected.join()) {
			throw new Error(`${where}: got uses ${uses.join(', ')} of http2-wrapper, not ${expected.join(', ')} (the first in a comment): check what this version does before editing it`);
		}

		return replaceOnce(source, [
			["import http2wrapper from 'http2-wrapper';", "const http2wrapper = {\n\tget globalAgent() {\n\t\treturn require('http2-wrapper').globalAgent;\n\t},\n\tget auto() {\n\t\treturn require('http2-wrapper').auto;\n\t},\n};"],
		], where);
	},
};

/*
@sindresorhus/is (got's argument checks) makes two Intl.ListFormat at load, which loads
ICU's data, about 10 ms of every send's start-up, for a message only a wrong argument
shows. They are made when such a message is.
*/
export const isListFormatWhenUsed = {
	filter: /@sindresorhus[\\/]is[\\/]distribution[\\/]index\.js$/,
	edit: (source, where) => replaceOnce(source, [
		["const andFormatter = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });", "const andFormatter = {format: list => new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(list)};"],
		["const orFormatter = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });", "const orFormatter = {format: list => new Intl.ListFormat('en', { style: 'long', type: 'disjunction' }).format(list)};"],
	], where),
};

/**
An esbuild plugin that applies `patches` ({filter, edit}) to the files they match; `edit`
returns undefined for a matching file it leaves alone. A patch that edited no file fails
the build.
*/
export function dependencyPatches(patches) {
	return {
		name: 'dependency-patches',
		setup(build) {
			const edited = new Set();
			for (const patch of patches) {
				build.onLoad({filter: patch.filter}, ({path}) => {
					const contents = patch.edit(readFileSync(path, 'utf8'), path);
					if (contents === undefined) {
						return undefined;
					}

					edited.add(patch);
					return {contents, loader: 'js'};
				});
			}

			build.onEnd(() => {
				const unused = patches.filter(patch => !edited.has(patch));
				if (unused.length > 0) {
					throw new Error(`no file matched the dependency patch for ${unused.map(patch => patch.filter).join(', ')}: check the dependencies still load it`);
				}
			});
		},
	};
}
