import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {envCommand} from '../../source/commands/env-command.js';
import {openStore} from '../../source/core/store/store.js';
import {makeConfigDir} from '../core/store/config-dir.js';

const usage = 'curlew env allow NAME|PREFIX* ..., curlew env deny NAME|PREFIX* ..., or curlew env list';

describe('curlew env', () => {
	it('lists nothing at first, saying how to allow a name', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});

		expect(envCommand(store, undefined, [])).toEqual({said: 'No environment variable is allowed, so {{process.env.NAME}} reads none: allow one with curlew env allow NAME, or a prefix with curlew env allow MYAPP_*'});
		expect(envCommand(store, 'list', [])).toEqual(envCommand(store, undefined, []));
	});

	it('allows names and prefixes in the user\'s store, once each, and lists them in that order', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});

		expect(envCommand(store, 'allow', ['AWS_PROFILE', 'MYAPP_*', 'AWS_PROFILE'])).toEqual({said: 'Allowed AWS_PROFILE, MYAPP_*: {{process.env.NAME}} reads them in every collection'});
		expect(envCommand(store, 'allow', ['MYAPP_*', 'HOME'])).toEqual({said: 'Allowed HOME: {{process.env.NAME}} reads it in every collection; MYAPP_* was allowed already'});

		const reopened = openStore({configDir, seed: false});
		expect(reopened.settings().allowedEnv).toEqual(['AWS_PROFILE', 'MYAPP_*', 'HOME']);
		expect(envCommand(reopened, 'list', [])).toEqual({listed: 'AWS_PROFILE\nMYAPP_*\nHOME\n'});
		expect(JSON.parse(fs.readFileSync(reopened.path, 'utf8'))).toMatchObject({settings: {allowedEnv: ['AWS_PROFILE', 'MYAPP_*', 'HOME']}});
	});

	it('denies what was allowed, and refuses to deny what was not, saying what is', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		envCommand(store, 'allow', ['AWS_PROFILE', 'MYAPP_*', 'HOME']);

		expect(envCommand(store, 'deny', ['HOME', 'AWS_PROFILE'])).toEqual({said: 'Denied HOME, AWS_PROFILE: {{process.env.NAME}} no longer reads them'});
		expect(() => envCommand(store, 'deny', ['MYAPP_KEY'])).toThrow('MYAPP_KEY is allowed by the prefix MYAPP_*: deny MYAPP_*, then allow by name the ones still wanted; nothing was changed');
		expect(() => envCommand(store, 'deny', ['MYAPP_*', 'PATH'])).toThrow('PATH is not allowed, so there is nothing to deny (allowed: MYAPP_*); nothing was changed');
		expect(store.settings().allowedEnv).toEqual(['MYAPP_*']);
	});

	it.each([
		[['allow', '*'], 'curlew env allow: "*" would let every collection read every environment variable, secrets included: allow names (AWS_PROFILE) or prefixes (MYAPP_*) one by one; nothing was changed'],
		[['allow', 'GOOD', 'MY APP'], 'curlew env allow: "MY APP" is not the name of an environment variable: use letters, digits and _ (not a digit first), and a * at the end for a prefix, such as MYAPP_*; nothing was changed'],
		[['allow', 'A*B'], 'curlew env allow: "A*B" is not the name of an environment variable: use letters, digits and _ (not a digit first), and a * at the end for a prefix, such as MYAPP_*; nothing was changed'],
		[['allow', 'X\u001B]0;owned\u0007'], 'curlew env allow: "X\\u001b]0;owned\\u0007" is not the name of an environment variable: use letters, digits and _ (not a digit first), and a * at the end for a prefix, such as MYAPP_*; nothing was changed'],
		[['allow'], 'curlew env allow needs the names or prefixes to allow: curlew env allow NAME|PREFIX* ...'],
		[['deny'], 'curlew env deny needs the names or prefixes to deny: curlew env deny NAME|PREFIX* ...'],
		[['list', 'HOME'], `curlew env list takes no names: ${usage}`],
		[['show'], `curlew env has no "show": ${usage}`],
	])('refuses curlew env %j with one clear line and changes nothing', ([action, ...entries], message) => {
		const store = openStore({configDir: makeConfigDir(), seed: false});

		expect(() => envCommand(store, action, entries)).toThrow(message);
		expect(store.settings().allowedEnv).toEqual([]);
	});

	it('refuses a store whose allowed list was edited by hand into something that cannot be allowed, naming the field', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		envCommand(store, 'allow', ['HOME']);
		const data = JSON.parse(fs.readFileSync(store.path, 'utf8')) as {settings: {allowedEnv: string[]}};
		data.settings.allowedEnv = ['HOME', '*'];
		fs.writeFileSync(store.path, JSON.stringify(data));

		const reopened = openStore({configDir, seed: false});

		expect(reopened.notices.join('\n')).toContain('settings.allowedEnv[1]: "*" would let every collection read every environment variable');
		expect(reopened.settings().allowedEnv).toEqual([]);
	});
});
