/**
What the import fuzzer (import-fuzz.test.ts) found, each with the smallest file that showed
it: a file a reader took and the store then refused, or an engine's error in place of a
clear line.
*/
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {detectFormat} from '../../../source/core/formats/detect-format.js';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {JsonSyntaxError} from '../../../source/core/formats/json-text.js';
import type {ImportedCollection} from '../../../source/core/formats/imported.js';
import {readImportFolder, readImportText, storeCollection} from '../../../source/core/formats/import-export.js';
import {openStore} from '../../../source/core/store/store.js';

const postmanSchema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const temporary: string[] = [];

afterEach(() => {
	for (const directory of temporary.splice(0)) {
		rmSync(directory, {recursive: true, force: true});
	}
});

function temporaryFolder(): string {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'curlew-fuzz-found-'));
	temporary.push(folder);
	return folder;
}

/** The Bruno collection of `files` (bruno.json added), read from a real folder and stored in a real store. */
function importBruno(files: Record<string, string>): ImportedCollection {
	const folder = temporaryFolder();
	writeFileSync(path.join(folder, 'bruno.json'), '{"version": "1", "name": "Found", "type": "collection"}');
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(folder, file)), {recursive: true});
		writeFileSync(path.join(folder, file), text);
	}

	const imported = readImportFolder(folder, 'bruno');
	storeCollection(openStore({configDir: temporaryFolder()}), imported);
	return imported;
}

/** The collection in `text`, read as curlew import reads it and stored in a real store. */
function importText(text: string, fileName = 'found.sh'): ImportedCollection {
	const imported = readImportText(text, detectFormat(text), fileName);
	if (!('collection' in imported)) {
		throw new Error('expected a collection');
	}

	storeCollection(openStore({configDir: temporaryFolder()}), imported);
	return imported;
}

describe('what the import fuzzer found', () => {
	it('Bruno: a variable given twice in an environment keeps the later value, with a note, and the store takes it', () => {
		const {collection, notes} = importBruno({'environments/Local.bru': 'vars {\n  baseUrl: http://a\n  baseUrl: http://b\n}\n'});
		expect(collection.environments[0]!.variables).toEqual([{name: 'baseUrl', value: 'http://b'}]);
		expect(notes).toContain('environment "Local": variable "baseUrl" is defined twice: the later value was kept, as Bruno does');
	});

	it('Bruno: a variable given twice in collection.bru keeps the later value, with a note, and the store takes it', () => {
		const {collection, notes} = importBruno({'collection.bru': 'vars:pre-request {\n  apiVersion: 1\n  apiVersion: 2\n}\n'});
		expect(collection.variables).toEqual([{name: 'apiVersion', value: '2'}]);
		expect(notes).toContain('collection.bru: variable "apiVersion" is defined twice: the later value was kept, as Bruno does');
	});

	it('curl: a $\'\\u\' escape of a surrogate half is U+FFFD with a note, and --data-urlencode encodes it rather than throw a URIError', () => {
		const {collection, notes} = importText('curl --data-urlencode $\'q=\\uD800\' https://a.test');
		expect(collection.requests[0]!.body).toEqual({type: 'form', fields: [{name: 'q', value: '\uFFFD'}]});
		expect(notes).toEqual(['line 1: \\uD800 names no character: it was read as U+FFFD (\uFFFD)']);
	});

	it('curl: text handed to the library with a lone surrogate is URL-encoded as UTF-8 writes it, not a URIError', () => {
		const {collection} = importText('curl --data-urlencode "q=\uD800" -H "Content-Type: text/plain" https://a.test');
		expect(collection.requests[0]!.body).toEqual({type: 'text', text: 'q=%EF%BF%BD'});
	});

	it('curl: a timeout below a millisecond is 1 ms, which the store takes (0 it refused after the import had read it)', () => {
		expect(importText('curl --connect-timeout 0.0001 https://a.test').collection.settings.connectTimeoutMs).toBe(1);
	});

	it('curl: a timeout past what a timer can wait is refused naming the option; taken, every request would time out at once', () => {
		expect(() => importText('curl -m 2147484 https://a.test')).toThrow(new FieldError('line 1', '-m 2147484: expected a positive number of seconds, at most 2147483 (24.8 days)'));
		expect(importText('curl -m 2147483 https://a.test').collection.settings.totalTimeoutMs).toBe(2_147_483_000);
	});

	it('curl: --max-redirs past the integers a number keeps exactly is refused', () => {
		expect(() => importText('curl --max-redirs 99999999999999999999 https://a.test')).toThrow(new FieldError('line 1', '--max-redirs 99999999999999999999: expected a whole number'));
	});

	it('curlew files: a timeout past what a timer can wait is refused naming the setting', () => {
		const file = JSON.stringify({curlew: 1, name: 'Slow', settings: {totalTimeoutMs: 2 ** 31}});
		expect(() => importText(file, 'slow.json')).toThrow(new FieldError('settings.totalTimeoutMs', 'expected a whole number of at most 2147483647 (24.8 days): no timer waits longer, found a number (2147483648)'));
	});

	it('Postman environments: a value nested 100,000 deep is refused at its line and column, not a stack overflow', () => {
		const text = `{"name": "E", "_postman_variable_scope": "environment", "values": [{"key": "a", "value": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`;
		expect(() => readImportText(text, detectFormat(text), 'e.json')).toThrow(new JsonSyntaxError(1, 599, 'the text is nested too deep: at most 512 arrays and objects inside one another'));
	});

	it('Postman collections: folders 3,000 deep are refused at their line and column, not a stack overflow', () => {
		const text = `{"info": {"name": "x", "schema": "${postmanSchema}"}, "item": [${'{"name": "f", "item": ['.repeat(3000)}{"name": "r", "request": {"url": "x"}}${']}'.repeat(3000)}]}`;
		expect(() => readImportText(text, detectFormat(text), 'c.json')).toThrow(/^Invalid JSON at line 1, column \d+: the text is nested too deep: at most 512 arrays and objects inside one another$/);
	});

	it('Postman collections: a header value nested 100,000 deep is refused, not a stack overflow', () => {
		const text = `{"info": {"name": "x", "schema": "${postmanSchema}"}, "item": [{"name": "r", "request": {"url": "x", "header": [{"key": "a", "value": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]}}]}`;
		expect(() => readImportText(text, detectFormat(text), 'c.json')).toThrow(JsonSyntaxError);
	});
});
