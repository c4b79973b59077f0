// Small edits to dependencies as the CLI is bundled, for start-up time or so that they fit
// in one CommonJS file, each leaving what the dependency computes unchanged. An edit whose
// text is no longer found fails the build: the dependency changed, and the edit must be
// looked at again.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

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

const yogaDataUrl = /data:application\/octet-stream;base64,[\d+/=A-Za-z]{1000,}/;

/** Yoga's WebAssembly, which the build writes beside the bundle for yogaLoadedAtOnce. */
export function yogaWasm(yogaBinaryFile) {
	const url = yogaDataUrl.exec(readFileSync(yogaBinaryFile, 'utf8'));
	if (url === null) {
		throw new Error(`${yogaBinaryFile}: Yoga's WebAssembly is no longer a data: URL there: check how this version loads it`);
	}

	return Buffer.from(url[0].slice(url[0].indexOf(',') + 1), 'base64');
}

/*
Yoga (Ink's layout engine) compiles its WebAssembly asynchronously, decoded from a data:
URL, and its module waits for that with a top-level await, which a CommonJS bundle cannot
hold. Yoga's Emscripten loader takes an instantiateWasm hook: given one that compiles the
bytes at once (read from yoga.wasm beside the bundle), Yoga is ready when its module has
run. Its data: URL goes, 96 kB less to read at every start.
*/
export const yogaLoadedAtOnce = [
	{
		filter: /yoga-wasm-base64-esm\.js$/,
		edit(source, where) {
			if (!yogaDataUrl.test(source)) {
				throw new Error(`${where}: Yoga's WebAssembly is no longer a data: URL there: check how this version loads it`);
			}

			return source.replace(yogaDataUrl, 'data:application/octet-stream;base64,');
		},
	},
	{
		filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/,
		edit: (source, where) => replaceOnce(source, [
			['const Yoga = wrapAssembly(await loadYoga());', `const yogaModule = {
	instantiateWasm(imports, receiveInstance) {
		const bytes = require('node:fs').readFileSync(new URL('yoga.wasm', import.meta.url));
		const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
		receiveInstance(instance);
		return instance.exports;
	},
};
loadYoga(yogaModule);
const Yoga = wrapAssembly(yogaModule);`],
		], where),
	},
];

/*
Ink's reconciler loads React's devtools, when DEV=true, with a top-level await, which a
CommonJS bundle cannot hold: it requires them instead (a missing package is then
MODULE_NOT_FOUND), and reads its package.json at once.
*/
export const inkDevtoolsRequired = {
	filter: /ink[\\/]build[\\/]reconciler\.js$/,
	edit: (source, where) => replaceOnce(source, [
		["await import('./devtools.js');", "require('./devtools.js');"],
		["if (error.code === 'ERR_MODULE_NOT_FOUND') {", "if (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND') {"],
		['? await loadPackageJson()', "? JSON.parse(require('node:fs').readFileSync(new URL('../package.json', import.meta.url), 'utf8'))"],
	], where),
};

/*
string-width 8 tests every grapheme cluster that is not printable ASCII against
/^\p{RGI_Emoji}$/v, a pattern V8 takes 10 ms to make and 20 to 40 ms to compile at its
first use, and makes it as it loads: before the first frame, which needs it for none of its
box-drawing borders. A cluster of one UTF-16 code unit is an RGI emoji only if it has
Emoji_Presentation (a test checks this over every such unit), so that cheap test goes first,
and the large pattern is made when a longer cluster is first measured.
*/
export const stringWidthEmojiTestedLast = {
	filter: /[\\/]string-width[\\/]index\.js$/,
	edit: (source, where) => replaceOnce(source, [
		['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;\nconst emojiPresentationRegex = /\\p{Emoji_Presentation}/u;'],
		['if (rgiEmojiRegex.test(segment) ||', 'if (((segment.length > 1 || emojiPresentationRegex.test(segment)) && (rgiEmojiRegex ??= new RegExp(\'^\\\\p{RGI_Emoji}$\', \'v\')).test(segment)) ||'],
	], where),
};

/*
wrap-ansi (Ink's wrapping) brings its own string-width 7, which makes a grapheme segmenter
and an emoji pattern of its own as it loads: it is given the string-width Ink measures text
with instead, so that a line is wrapped by the widths it is laid out with.
*/
export const oneStringWidth = {
	name: 'one-string-width',
	setup(build) {
		build.onResolve({filter: /^string-width$/}, async ({importer, kind, resolveDir}) => {
			if (!/[\\/]wrap-ansi[\\/]/.test(importer)) {
				return undefined;
			}

			const inkAt = path.dirname(fileURLToPath(import.meta.resolve('ink')));
			const resolved = await build.resolve('string-width', {kind, resolveDir: inkAt});
			if (resolved.errors.length > 0 || resolved.path === '') {
				throw new Error(`${importer}: Ink's string-width is not found from ${resolveDir}: check what this version of wrap-ansi imports`);
			}

			return {path: resolved.path};
		});
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
got names each request with a UUID from node:crypto, for diagnostics_channel's subscribers
(curlew has none), and reads node:tls's checkServerIdentity for every request, a TLS one or
not: either loads crypto's modules, 2 ms of every send's start-up, which a plain http://
request needs none of (see builtinsImportedOnce). The UUID is made from Math.random (version
4's form, unique within a process), and checkServerIdentity is read when TLS calls it.
*/
export const gotCryptoWhenUsed = [
	{
		filter: /got[\\/]dist[\\/]source[\\/]core[\\/]diagnostics-channel\.js$/,
		edit: (source, where) => replaceOnce(source, [
			["import { randomUUID } from 'node:crypto';\n", ''],
			['    return randomUUID();', "    const hex = Array.from({length: 32}, () => Math.floor(Math.random() * 16).toString(16)).join('');\n    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(Math.random() * 4)]}${hex.slice(17, 20)}-${hex.slice(20)}`;"],
		], where),
	},
	{
		filter: /got[\\/]dist[\\/]source[\\/]core[\\/]options\.js$/,
		edit: (source, where) => replaceOnce(source, [
			['checkServerIdentity: https.checkServerIdentity ?? checkServerIdentity,', 'checkServerIdentity: https.checkServerIdentity ?? ((hostname, certificate) => checkServerIdentity(hostname, certificate)),'],
		], where),
	},
];

/*
got imports cacheable-lookup, whose module reads node:dns's resolver as it loads, for its
`dnsCache` option, which curlew never sets: it is required when a DNS cache is first made.
*/
export const gotDnsCacheWhenUsed = {
	filter: /got[\\/]dist[\\/]source[\\/]core[\\/]options\.js$/,
	edit: (source, where) => replaceOnce(source, [
		["import CacheableLookup from 'cacheable-lookup';\n", ''],
		['globalDnsCache = new CacheableLookup();', "globalDnsCache = new (require('cacheable-lookup').default)();"],
	], where),
};

/*
got's requests import cacheable-request (with keyv, http-cache-semantics and normalize-url)
for its `cache` option, which curlew never sets: they are required when a request has a
cache. An error is cacheable-request's only where it ran.
*/
export const gotCacheWhenUsed = {
	filter: /got[\\/]dist[\\/]source[\\/]core[\\/]index\.js$/,
	edit: (source, where) => replaceOnce(source, [
		["import CacheableRequest, { CacheError as CacheableCacheError, } from 'cacheable-request';\n", ''],
		['const cacheableRequest = new CacheableRequest(', "const cacheableRequest = new (require('cacheable-request').default)("],
		['if (error instanceof CacheableCacheError) {', "if (options.cache && error instanceof require('cacheable-request').CacheError) {"],
	], where),
};

/*
hpagent's module defines its agents as it loads, extending https.Agent, which loads TLS and
crypto (3 ms of every send's start-up); curlew uses them only for an https:// request through
a proxy. Its ES module, the one curlew imports, exports HttpsProxyAgent alone, which requires
the package when an agent is made.
*/
export const hpagentWhenUsed = {
	filter: /hpagent[\\/]index\.mjs$/,
	edit: (source, where) => replaceOnce(source, [
		["import mod from './index.js'\n\nexport default mod\nexport const HttpProxyAgent = mod.HttpProxyAgent\nexport const HttpsProxyAgent = mod.HttpsProxyAgent\n", "export function HttpsProxyAgent(options) {\n\treturn new (require('./index.js').HttpsProxyAgent)(options);\n}\n"],
	], where),
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
An esbuild plugin that applies `patches` ({filter, edit}) to the files they match, in order
where several match one file; `edit` returns undefined for a matching file it leaves alone.
A patch that edited no file fails the build.
*/
export function dependencyPatches(patches) {
	return {
		name: 'dependency-patches',
		setup(build) {
			const edited = new Set();
			const filter = new RegExp(patches.map(patch => `(?:${patch.filter.source})`).join('|'));
			build.onLoad({filter}, ({path}) => {
				let contents;
				for (const patch of patches.filter(patch => patch.filter.test(path))) {
					const edit = patch.edit(contents ?? readFileSync(path, 'utf8'), path);
					if (edit !== undefined) {
						contents = edit;
						edited.add(patch);
					}
				}

				return contents === undefined ? undefined : {contents, loader: 'js'};
			});

			build.onEnd(() => {
				const unused = patches.filter(patch => !edited.has(patch));
				if (unused.length > 0) {
					throw new Error(`no file matched the dependency patch for ${unused.map(patch => patch.filter).join(', ')}: check the dependencies still load it`);
				}
			});
		},
	};
}

/*
esbuild turns each `import fs from 'node:fs'` into a copy of the module, a getter for each of
its exports (node:fs has a hundred), made again at every module that imports it: about fifty
copies, 2 ms of every start. Each built-in gets one namespace instead, shared by every import
of it, which reads the module's exports as they are at each read, as esbuild's getters do,
and copies none: `default` is the module. The built-ins in `loadedWhenUsed` are required at
the first read of one of their exports (a TLS option, a hash), not as the bundle loads:
crypto's modules alone take 2 ms to load, and a plain http:// request needs none of them;
their named imports (`require("node:tls")`) go through such a namespace too. A namespace
answers property reads and `in`, all that esbuild's imports do with it.
*/
const importOfBuiltin = /([\w$]+)\(require\("(node:[\w/]+)"\), ?1\)|require\("(node:[\w/]+)"\)/g;

/** The part of a bundle's banner that defines curlewBuiltin, which `builtinsImportedOnce` calls. */
export const builtinNamespaces = `const curlewBuiltins = new Map();
function curlewBuiltin(name, whenUsed) {
	let namespace = curlewBuiltins.get(name);
	if (namespace === undefined) {
		let loaded = whenUsed ? undefined : require(name);
		const load = () => (loaded ??= require(name));
		namespace = new Proxy({}, {get: (_, key) => (key === 'default' ? load() : load()[key]), has: (_, key) => key === 'default' || key in load()});
		curlewBuiltins.set(name, namespace);
	}

	return namespace;
}`;

/**
Rewrites a bundle's imports of built-ins (esbuild's `toModule(require("node:fs"), 1)` for a
default import) to share one namespace per built-in, and those of the built-ins in
`loadedWhenUsed` (`require("node:tls")` for named imports too) to load them when first used.
The helper is checked to be esbuild's, so that nothing else is rewritten.
@param {string} text esbuild's output, minified or not
@param {{loadedWhenUsed: readonly string[], where: string}} options
@returns {string}
*/
export function builtinsImportedOnce(text, {loadedWhenUsed, where}) {
	const helpers = new Set([...text.matchAll(importOfBuiltin)].map(match => match[1]).filter(helper => helper !== undefined));
	if (helpers.size !== 1) {
		throw new Error(`${where}: expected the default imports of built-ins to call one helper of esbuild's, found ${helpers.size}: check how this version of esbuild imports them`);
	}

	const [helper] = helpers;
	const escaped = helper.replaceAll('$', '\\$');
	const definition = new RegExp(`(?:var |,)${escaped} ?= ?\\(`).exec(text);
	if (definition === null || !text.slice(definition.index, definition.index + 300).includes('__esModule')) {
		throw new Error(`${where}: ${helper}, which imports the built-ins, is not esbuild's CommonJS-to-module helper: check how this version of esbuild imports them`);
	}

	return text.replace(importOfBuiltin, (whole, wrapping, defaultImport, namedImport) => {
		const name = defaultImport ?? namedImport;
		const whenUsed = loadedWhenUsed.includes(name);
		if (wrapping === undefined && !whenUsed) {
			return whole;
		}

		return `curlewBuiltin(${JSON.stringify(name)},${whenUsed})`;
	});
}
