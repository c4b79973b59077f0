/**
Which format a file to import is in, told from its text: the one place that decides, so
that each reader can assume its own format.
*/
import {readdirSync} from 'node:fs';
import {brunoLayoutOf} from './bruno-import.js';
import {expectObject, FieldError} from './field-error.js';
import {JsonSyntaxError, parseJsonText} from './json-text.js';
import {isPostmanWithoutInfo, postmanSchemaOf} from './postman-import.js';

export type ImportFormat = 'curlew' | 'postman' | 'postman-environment' | 'curl' | 'bruno';

/** How a message names a file of each format: `shop.json is a Postman collection curlew cannot import: …`. */
export const importFormatNames: Readonly<Record<ImportFormat, string>> = {
	curlew: 'a curlew collection',
	postman: 'a Postman collection',
	'postman-environment': 'a Postman environment',
	curl: 'a file of curl commands',
	bruno: 'a Bruno collection',
};

export const importFormatsInWords = 'a curlew or Postman JSON file (a collection, or a Postman environment), a file of curl commands or a Bruno collection\'s folder (of .bru files or YAML)';

/** @throws FieldError for a folder that is not a Bruno collection: one holds a bruno.json, or an opencollection.yml when Bruno saved it in YAML. */
export function detectFolderFormat(folder: string): 'bruno' {
	if (brunoLayoutOf(readdirSync(folder)) === undefined) {
		throw new FieldError('', `it is a folder without a bruno.json or an opencollection.yml, and curlew imports ${importFormatsInWords}`);
	}

	return 'bruno';
}

/** A file is curl commands when its first line that is not blank or a # comment starts with the word curl. */
function isCurlText(text: string): boolean {
	const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/).find(line => line.trim() !== '' && !line.trim().startsWith('#'));
	return firstLine !== undefined && /^\s*curl(?:\s|$)/.test(firstLine);
}

/**
The JSON text parsed, or the format it is in when it is not valid JSON but says which Postman
file it is (a truncated export), so that the error names that format.
@throws JsonSyntaxError for JSON text that is not valid and names no format.
*/
function parseJsonOrFormat(text: string): {json: unknown} | {format: 'postman' | 'postman-environment'} {
	try {
		return {json: parseJsonText(text)};
	} catch (error) {
		if (error instanceof JsonSyntaxError) {
			if (/"schema"\s*:\s*"[^"]*postman\.com\//i.test(text)) {
				return {format: 'postman'};
			}

			if (/"_postman_variable_scope"\s*:\s*"(?:environment|globals)"/.test(text)) {
				return {format: 'postman-environment'};
			}
		}

		throw error;
	}
}

/**
@throws JsonSyntaxError when the text looks like JSON but is not (a Postman file that says
so is told as Postman's, and its reader gives the error), and FieldError when it is
none of the formats curlew imports. A JSON object that is no other format is read as curlew's,
whose reader says what such a file needs.
*/
export function detectFormat(text: string): Exclude<ImportFormat, 'bruno'> {
	if (isCurlText(text)) {
		return 'curl';
	}

	if (/^\uFEFF?\s*meta\s*\{/.test(text)) {
		throw new FieldError('', 'it is a request of a Bruno collection: import the collection\'s folder, the one that holds bruno.json');
	}

	if (/^\uFEFF?(?:\s*#.*\n)*\s*(?:opencollection|info|http|graphql|runtime)\s*:/.test(text)) {
		throw new FieldError('', 'it is a file of a Bruno collection saved in YAML: import the collection\'s folder, the one that holds opencollection.yml');
	}

	if (!/^\uFEFF?\s*[{[]/.test(text)) {
		throw new FieldError('', `curlew imports ${importFormatsInWords}, and this is none of them: it is not JSON and does not start with curl`);
	}

	const parsed = parseJsonOrFormat(text);
	if ('format' in parsed) {
		return parsed.format;
	}

	const {json} = parsed;
	const object = Array.isArray(json) ? undefined : expectObject(json, '');
	if (object === undefined || object.curlew !== undefined) {
		return 'curlew';
	}

	if (postmanSchemaOf(object) !== undefined || isPostmanWithoutInfo(object)) {
		return 'postman';
	}

	if (object._type === 'export' || object.__export_format !== undefined) {
		throw new FieldError('', `it is an Insomnia export, which curlew does not read: curlew imports ${importFormatsInWords}`);
	}

	if (object.type === 'collection' && typeof object.version === 'string' && object.name !== undefined) {
		throw new FieldError('', 'it is the bruno.json of a Bruno collection: import the folder that holds it');
	}

	// Postman exports its globals as it does an environment: both import as an environment.
	const scope = object._postman_variable_scope;
	return scope === 'environment' || scope === 'globals' ? 'postman-environment' : 'curlew';
}
