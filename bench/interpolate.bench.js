// Interpolation: curlew against @usebruno/common's interpolate, same templates, same process.
import {interpolate as brunoInterpolate} from '@usebruno/common';
import {interpolate} from '../dist/core/index.js';
import {formatMs, medianMs, printTable} from './table.js';

function urlCase() {
	const variables = {baseUrl: 'https://api.example.test/v1', userId: 42, query: {limit: 25, offset: 50, filter: 'active'}};
	for (let index = 0; index < 197; index++) {
		variables[`var${index}`] = index % 2 === 0 ? `value-${index}` : index;
	}

	const template = '{{baseUrl}}/users/{{userId}}/posts?limit={{query.limit}}&offset={{query.offset}}&filter={{query.filter}}&a={{var10}}&b={{var11}}';
	return {variables, template};
}

const flatItem = '{"name":"{{name}}","age":{{age}},"city":"{{city}}","active":{{active}},"score":{{score}},"padding":"lorem ipsum dolor"}';
const pathItem = '{"name":"{{user.name}}","age":{{user.age}},"city":"{{user.address.city}}","tag":"{{user.tags[1]}}","limit":{{query.limit}},"pad":"x"}';
const bodyVariables = {
	name: 'Ada Lovelace', age: 36, city: 'London', active: true, score: 99.5,
	user: {name: 'Ada Lovelace', age: 36, address: {city: 'London'}, tags: ['admin', 'dev']},
	query: {limit: 25},
};

/** A JSON array of about `megabytes` MB made of `item`, which holds 5 placeholders. */
function bodyCase(megabytes, item = flatItem) {
	const count = Math.round((megabytes * 1e6) / item.length);
	const template = `[${Array.from({length: count}, () => item).join(',')}]`;
	return {variables: bodyVariables, template, placeholders: count * 5};
}

function withUndefinedAtEnd(body) {
	return {...body, template: `${body.template.slice(0, -1)},"{{undefinedVariable}}"]`, placeholders: body.placeholders + 1};
}

// Reading one character flattens the result, so the time includes building the whole text.
const flattened = text => text.charCodeAt(text.length >> 1);

async function timeBoth(template, variables, runs) {
	const ours = () => flattened(interpolate(template, variables, {context: 'json'}).text);
	const bruno = () => flattened(brunoInterpolate(template, variables, {escapeJSONStrings: true}));
	if (interpolate(template, variables, {context: 'json'}).text !== brunoInterpolate(template, variables, {escapeJSONStrings: true})) {
		throw new Error('The two engines disagree on the benchmark template: the comparison would not be fair');
	}

	const oursMs = await medianMs(ours, runs);
	const brunoMs = await medianMs(bruno, runs);
	return [oursMs, brunoMs];
}

async function main() {
	const url = urlCase();
	const calls = 10_000;
	if (interpolate(url.template, url.variables).text !== brunoInterpolate(url.template, url.variables)) {
		throw new Error('The two engines disagree on the URL template: the comparison would not be fair');
	}

	const oursUrl = await medianMs(() => {
		for (let call = 0; call < calls; call++) {
			interpolate(url.template, url.variables);
		}
	}, 7);
	const brunoUrl = await medianMs(() => {
		for (let call = 0; call < calls; call++) {
			brunoInterpolate(url.template, url.variables);
		}
	}, 7);

	const rows = [[`URL, 7 placeholders, 200 variables (per call)`, `${((oursUrl / calls) * 1000).toFixed(2)} µs`, `${((brunoUrl / calls) * 1000).toFixed(2)} µs`, `${(brunoUrl / oursUrl).toFixed(1)}x`]];
	const bodies = [
		['names', bodyCase(2, flatItem)],
		['paths', bodyCase(2, pathItem)],
		['names, text beyond ASCII', bodyCase(2, flatItem.replace('lorem ipsum dolor', 'café «crème» 😀'))],
		// The kernel declines a body with a problem, and the general scanner fills it: the worst case.
		['names, one undefined at the end', withUndefinedAtEnd(bodyCase(2, flatItem))],
	];
	for (const [label, body] of bodies) {
		const [oursBody, brunoBody] = await timeBoth(body.template, body.variables, 9);
		rows.push([`JSON body ${(body.template.length / 1e6).toFixed(1)} MB, ${body.placeholders.toLocaleString('en')} placeholders (${label})`, `${formatMs(oursBody)} ms`, `${formatMs(brunoBody)} ms`, `${(brunoBody / oursBody).toFixed(1)}x`]);
	}

	printTable('Interpolation: curlew against Bruno (median of runs, same process, one after the other)', ['case', 'curlew', 'Bruno', 'speed-up'], rows);

	const growthRows = [];
	let first;
	for (const megabytes of [0.2, 2, 20]) {
		const growth = bodyCase(megabytes);
		const ms = await medianMs(() => flattened(interpolate(growth.template, growth.variables, {context: 'json'}).text), megabytes >= 20 ? 3 : 7);
		first ??= ms / megabytes;
		growthRows.push([`${megabytes} MB`, growth.placeholders.toLocaleString('en'), `${formatMs(ms)} ms`, `${(ms / megabytes).toFixed(1)} ms/MB`, `${((ms / megabytes) / first).toFixed(2)}`]);
	}

	printTable('Interpolation growth with template size (curlew, JSON context)', ['template', 'placeholders', 'time', 'time per MB', 'per MB vs 0.2 MB'], growthRows);
}

await main();
