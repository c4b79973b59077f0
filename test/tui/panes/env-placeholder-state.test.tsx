import {stripVTControlCharacters} from 'node:util';
import chalk from 'chalk';
import {afterEach, beforeEach, expect, it} from 'vitest';
import {renderApp, type AppHarness, type HarnessOptions} from './render-app.js';

let app: AppHarness | undefined;
const chalkLevel = chalk.level;
beforeEach(() => {
	// Underline marks an unresolved placeholder; chalk draws it only from level 1.
	chalk.level = 1;
});

afterEach(async () => {
	chalk.level = chalkLevel;
	await app?.cleanup();
	app = undefined;
});

/** The runs of the last frame drawn underlined: unresolved placeholders. */
function underlined(harness: AppHarness): string[] {
	return (harness.stdout.frames.at(-1) ?? '').split('\u001B[4m').slice(1).map(part => stripVTControlCharacters(part.slice(0, part.indexOf('\u001B[24m'))));
}

it('marks {{process.env.NAME}} in the URL unresolved while the user has not allowed the name, set as it is, and resolved once allowed', async () => {
	const prepare = (allowed: string[]): HarnessOptions => ({
		columns: 160,
		env: {SHOP_TOKEN: 't-1', SHOP_HOST: 'shop.test'},
		prepare(store) {
			store.updateSettings(settings => ({...settings, allowedEnv: allowed}));
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'Orders', url: 'https://{{process.env.SHOP_HOST}}/orders?token={{process.env.SHOP_TOKEN}}'});
		},
	});

	app = await renderApp(prepare(['SHOP_HOST']));
	await app.write('2');
	expect(underlined(app)).toEqual(['{{process.env.SHOP_TOKEN}}']);
	await app.cleanup();

	app = await renderApp(prepare(['SHOP_*']));
	await app.write('2');
	expect(underlined(app)).toEqual([]);
});
