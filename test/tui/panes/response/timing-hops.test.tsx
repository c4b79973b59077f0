import {afterEach, expect, test} from 'vitest';
import {send} from '../../../../source/core/http/send.js';
import {startSharedPortServers, type SharedPortServers} from '../../../helpers/shared-port-servers.js';
import {sendOptions} from '../../../core/http/send-options.js';
import {renderPane, type Pane} from './render-pane.js';

let servers: SharedPortServers | undefined;
let pane: Pane | undefined;

afterEach(async () => {
	pane?.unmount();
	pane = undefined;
	await servers?.close();
	servers = undefined;
});

test('the timing tab says which credentials a redirect from https to http did not take along, and from which hop', async () => {
	servers = await startSharedPortServers((_request, reply) => {
		reply.writeHead(302, {Location: `${servers!.httpOrigin}/next`});
		reply.end();
	}, (_request, reply) => {
		reply.end('plain');
	});
	const result = await send({method: 'GET', url: new URL(`${servers.httpsOrigin}/login`), headers: [['Authorization', 'Bearer s3cret'], ['Cookie', 'id=1']]}, sendOptions({caFile: servers.caFile}));

	pane = await renderPane({result, width: 100, height: 14});
	await pane.press('tt');

	const rows = pane.frame().split('\n');
	expect(rows).toContain(`Hops       1: ${servers.httpOrigin}/next`);
	expect(rows).toContain('Dropped    Authorization, Cookie from hop 1 on: it left https for plain http, as curl does');
});
