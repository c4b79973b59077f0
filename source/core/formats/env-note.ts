/**
The note an import adds when what it imported reads environment variables the user has not
allowed (`{{process.env.NAME}}`, Bruno's `bru.getProcessEnv`): curlew reads none of them
until the user allows them, and the note says how.
*/
import {addEnvNamesIn} from '../interpolate/env-names.js';
import {isEnvNameAllowed} from '../interpolate/env-allowance.js';
import type {Collection, RequestAuth, Variable} from '../model.js';
import {mapStrings} from '../values.js';

const getProcessEnvCall = /\bgetProcessEnv\(\s*(["'])([A-Za-z_]\w*)\1\s*\)/g;

export function envNote(imported: {collection: Collection} | {environment: {variables: Variable[]}}, allowed: readonly string[]): string | undefined {
	const names = new Set<string>();
	const visit = (text: string) => {
		addEnvNamesIn(text, names);
	};

	const visitVariables = (variables: readonly Variable[]) => {
		for (const variable of variables) {
			mapStrings(variable.value, text => {
				visit(text);
				return text;
			});
		}
	};

	const visitAuth = (auth: RequestAuth | undefined) => {
		for (const [key, value] of Object.entries(auth ?? {})) {
			if (key !== 'type' && key !== 'in') {
				visit(value as string);
			}
		}
	};

	if ('environment' in imported) {
		visitVariables(imported.environment.variables);
	} else {
		const {collection} = imported;
		visitVariables(collection.variables);
		visitAuth(collection.auth);
		for (const environment of collection.environments) {
			visitVariables(environment.variables);
		}

		for (const scripts of [collection.scripts, ...collection.requests.map(request => request.scripts)]) {
			for (const script of [scripts.preRequest, scripts.postResponse]) {
				visit(script);
				for (const [, , name] of script.matchAll(getProcessEnvCall)) {
					names.add(name!);
				}
			}
		}

		for (const request of collection.requests) {
			visit(request.url);
			for (const header of request.headers) {
				visit(header.name);
				visit(header.value);
			}

			visit(request.body.text ?? '');
			visit(request.body.variables ?? '');
			visit(request.body.file ?? '');
			for (const field of request.body.fields ?? []) {
				visit(field.name);
				visit(field.value);
			}

			visitAuth(request.auth);

			for (const part of request.body.parts ?? []) {
				visit(part.name);
				visit(part.type === 'file' ? part.file : part.value);
			}
		}
	}

	const refused = [...names].filter(name => !isEnvNameAllowed(name, allowed));
	if (refused.length === 0) {
		return undefined;
	}

	const list = refused.join(', ');
	const them = refused.length === 1 ? 'it' : 'them';
	const reader = 'environment' in imported ? 'the environment' : 'the collection';
	return `${reader} reads the environment variable${refused.length === 1 ? '' : 's'} ${list} ({{process.env.NAME}}), which curlew reads only once you allow ${them}: curlew env allow ${refused.join(' ')}`;
}
