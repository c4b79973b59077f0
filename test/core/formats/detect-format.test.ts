import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {detectFolderFormat, detectFormat} from '../../../source/core/formats/detect-format.js';
import {JsonSyntaxError} from '../../../source/core/formats/json-text.js';

const postmanSchema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

describe('detectFormat', () => {
	it.each([
		['{"curlew": 1, "name": "Shop"}', 'curlew'],
		['\uFEFF  {"name": "Shop"}', 'curlew'],
		['[]', 'curlew'],
		[JSON.stringify({info: {name: 'Shop', schema: postmanSchema}, item: []}), 'postman'],
		[JSON.stringify({item: [{name: 'Ping', request: 'https://a.test/'}]}), 'postman'],
		[JSON.stringify({curlew: 1, name: 'X', item: []}), 'curlew'],
		[JSON.stringify({name: 'Staging', values: [], _postman_variable_scope: 'environment'}), 'postman-environment'],
		[JSON.stringify({name: 'Globals', values: [], _postman_variable_scope: 'globals'}), 'postman-environment'],
		['curl https://a.test', 'curl'],
		['#!/bin/sh\n\n# users\n  curl -s \\\n https://a.test', 'curl'],
		['curl\n', 'curl'],
	])('tells the format of %j', (text, format) => {
		expect(detectFormat(text)).toBe(format);
	});

	it.each([
		['curly braces', 'curlew imports a curlew or Postman JSON file (a collection, or a Postman environment), a file of curl commands or a Bruno collection\'s folder (of .bru files or YAML), and this is none of them: it is not JSON and does not start with curl'],
		['wget https://a.test', 'curlew imports a curlew or Postman JSON file (a collection, or a Postman environment), a file of curl commands or a Bruno collection\'s folder (of .bru files or YAML), and this is none of them: it is not JSON and does not start with curl'],
		['meta {\n  name: Ping\n}\n', 'it is a request of a Bruno collection: import the collection\'s folder, the one that holds bruno.json'],
		['{"version": "1", "name": "Shop", "type": "collection"}', 'it is the bruno.json of a Bruno collection: import the folder that holds it'],
		['{"_type": "export", "__export_format": 4, "resources": []}', 'it is an Insomnia export, which curlew does not read: curlew imports a curlew or Postman JSON file'],
	])('says what curlew imports when the text is none of it: %j', (text, message) => {
		expect(() => detectFormat(text)).toThrow(message);
	});

	it('gives the line and column of JSON that does not parse', () => {
		expect(() => detectFormat('{\n  "curlew": 1,\n}')).toThrow(new JsonSyntaxError(3, 1, 'expected a property name in double quotes, found "}"'));
	});
});

describe('detectFolderFormat', () => {
	it('tells a Bruno collection by its bruno.json, and refuses another folder', () => {
		expect(detectFolderFormat(fileURLToPath(new URL('fixtures/bruno-shop', import.meta.url)))).toBe('bruno');
		expect(() => detectFolderFormat(fileURLToPath(new URL('fixtures', import.meta.url)))).toThrow('it is a folder without a bruno.json or an opencollection.yml, and curlew imports');
	});
});
