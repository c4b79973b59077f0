import {describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../../source/core/model.js';
import {brunoApi, postmanApi, scriptsToPort} from '../../../source/core/formats/scripts-to-port.js';

function collectionWith(preRequest: string, postResponse = '') {
	const collection = createCollection({name: 'Shop'});
	collection.requests.push({...createRequest({name: 'Login'}), scripts: {preRequest, postResponse}});
	return collection;
}

describe('scriptsToPort', () => {
	it('names nothing in scripts whose calls curlew runs', () => {
		const postman = collectionWith('pm.environment.set("a", 1); pm.request.headers.add({key: "X", value: "1"});', 'pm.test("ok", () => pm.response.to.have.status(200)); console.log(res.responseTime);');
		expect(scriptsToPort(postman, postmanApi)).toEqual([]);
		expect(scriptsToPort(collectionWith('bru.setVar("a", 1); test("t", () => expect(res.getStatus()).to.equal(200));'), brunoApi)).toEqual([]);
	});

	it('names each call curlew does not run, once per script, in the order written', () => {
		const postman = collectionWith('pm.sendRequest("https://a.test", () => {}); pm . cookies.get("s"); pm.sendRequest("b");', 'tests["ok"] = responseCode.code === 200; postman.setEnvironmentVariable("t", responseBody);');
		expect(scriptsToPort(postman, postmanApi)).toEqual([
			'request "Login": its pre-request script calls pm.sendRequest, pm.cookies, which curlew does not run (it runs the rest of Postman\'s script API): port that part',
			'request "Login": its post-response script calls tests[, responseCode, postman.setEnvironmentVariable, responseBody, which curlew does not run (it runs the rest of Postman\'s script API): port that part',
		]);
		// pm.request runs before the request is sent, not after.
		expect(scriptsToPort(collectionWith('pm.request.headers.add({key: "X", value: "1"});', 'console.log(pm.request.url.toString());'), postmanApi)).toEqual([
			'request "Login": its post-response script reads pm.request, which curlew gives pre-request scripts only: keep what it needs in a variable there',
		]);
		expect(scriptsToPort(collectionWith('bru.sleep(100); bru.runRequest("x");'), brunoApi)).toEqual([
			'request "Login": its pre-request script calls bru.sleep, bru.runRequest, which curlew does not run (it runs the rest of Bruno\'s script API): port that part',
		]);
	});
});
