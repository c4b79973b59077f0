/**
Scripts that another tool runs one after another (a folder's, then its request's; a Bruno
script, then its tests) as one curlew script. Each keeps its own block, as it had its own
run there: two may both declare `const data = pm.response.json()`, which one scope refuses.
*/
export function foldScripts(scripts: readonly string[]): string {
	const written = scripts.filter(script => script.trim() !== '');
	return written.length < 2 ? (written[0] ?? '') : written.map(script => `{\n${script}\n}`).join('\n');
}
