import {describe, expect, it} from 'vitest';
import {importCollection, importEnvironment} from '../../../source/core/formats/import-export.js';
import {openStore} from '../../../source/core/store/store.js';
import {makeConfigDir} from '../store/config-dir.js';

/** A store of the user's own that allows `allowed`. */
function storeAllowing(...allowed: string[]) {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	store.updateSettings(settings => ({...settings, allowedEnv: allowed}));
	return store;
}

describe('an import that reads environment variables', () => {
	it('notes the names a curl file\'s $NAME reads that the user has not allowed, and how to allow them', () => {
		const store = storeAllowing('SHOP_HOST');
		const {notes} = importCollection(store, 'curl -H "Authorization: Bearer $SHOP_TOKEN" "https://${SHOP_HOST}/v1/orders?region=$SHOP_REGION"\n', 'orders.sh');

		expect(notes).toEqual(['the collection reads the environment variables SHOP_REGION, SHOP_TOKEN ({{process.env.NAME}}), which curlew reads only once you allow them: curlew env allow SHOP_REGION SHOP_TOKEN']);
	});

	it('finds them in variables, environments, headers, bodies, form fields and scripts, Bruno\'s getProcessEnv included', () => {
		const store = storeAllowing();
		const {notes} = importCollection(store, JSON.stringify({
			curlew: 1,
			name: 'Everywhere',
			variables: [{name: 'auth', value: {token: '{{process.env.A_TOKEN}}'}}],
			environments: [{name: 'Prod', variables: [{name: 'host', value: '{{ process.env.B_HOST }}'}]}],
			scripts: {preRequest: 'const key = bru.getProcessEnv("C_KEY");', postResponse: ''},
			requests: [
				{name: 'One', method: 'POST', url: 'https://x.test/{{process.env.D_PATH}}', headers: [{name: 'X-E', value: '{{process.env.E_HEADER}}'}], body: {type: 'json', text: '{"f": "{{process.env.F_BODY}}"}'}},
				{name: 'Two', method: 'POST', url: 'https://x.test/', body: {type: 'form', fields: [{name: 'g', value: '{{process.env.G_FIELD}}'}]}, scripts: {preRequest: '', postResponse: 'client.interpolate("{{process.env.H_SCRIPT}}")'}},
			],
		}));

		expect(notes).toEqual(['the collection reads the environment variables A_TOKEN, B_HOST, C_KEY, H_SCRIPT, D_PATH, E_HEADER, F_BODY, G_FIELD ({{process.env.NAME}}), which curlew reads only once you allow them: curlew env allow A_TOKEN B_HOST C_KEY H_SCRIPT D_PATH E_HEADER F_BODY G_FIELD']);
	});

	it('says nothing when every name it reads is allowed, or it reads none', () => {
		const store = storeAllowing('SHOP_*');

		expect(importCollection(store, 'curl -H "Authorization: Bearer $SHOP_TOKEN" https://shop.test/\n', 'a.sh').notes).toEqual([]);
		expect(importCollection(store, 'curl https://shop.test/\n', 'b.sh').notes).toEqual([]);
	});

	it('notes what an environment imported into a collection reads', () => {
		const store = storeAllowing();
		store.createCollection({name: 'Shop'});
		const {notes} = importEnvironment(store, 'Shop', JSON.stringify({
			name: 'Staging',
			_postman_variable_scope: 'environment',
			values: [{key: 'token', value: '{{process.env.STAGING_TOKEN}}', enabled: true}],
		}));

		expect(notes).toEqual(['the environment reads the environment variable STAGING_TOKEN ({{process.env.NAME}}), which curlew reads only once you allow it: curlew env allow STAGING_TOKEN']);
	});
});
