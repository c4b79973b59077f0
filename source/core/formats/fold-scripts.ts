/**
Scripts that another tool runs one after another (a folder's, then its request's; a Bruno
script, then its tests) as one curlew script. Each is the body of a function of its own, as
it had its own run there: two may both declare `const data = pm.response.json()`, which one
scope refuses, and a `return` ends only its own. One that awaits (`await bru.sendRequest(…)`,
as Bruno and Postman allow at a script's top level) is the body of an async function, awaited,
so that the next starts only once it has ended.
*/
export function foldScripts(scripts: readonly string[]): string {
	const written = scripts.filter(script => script.trim() !== '');
	return written.length < 2 ? (written[0] ?? '') : written.map(script => /\bawait\b/.test(script) ? `await (async function () {\n${script}\n})();` : `(function () {\n${script}\n})();`).join('\n');
}
