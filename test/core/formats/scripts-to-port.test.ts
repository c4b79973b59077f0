import {describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../../source/core/model.js';
import {brunoApi, postmanApi, scriptsToPort} from '../../../source/core/formats/scripts-to-port.js';

function collectionWith(preRequest: string, postResponse = '') {
	const collection = createCollection({name: 'Shop'});
	collection.requests.push({...createRequest({name: 'Login'}), scripts: {preRequest, postResponse}});
	return collection;
}

describe('scriptsToPort', () => {
	it('names nothing in scripts whose calls curlew runs: pm and its legacy API, bru, req after the response, sendRequest, run control, bundled libraries, the collection\'s own files, top-level await', () => {
		const postman = collectionWith(
			'pm.environment.set("a", 1); pm.request.headers.add({key: "X", value: "1"}); pm.sendRequest("https://a.test", () => {}); pm.execution.setNextRequest("B"); const CryptoJS = require("crypto-js");',
			'pm.test("ok", () => pm.response.to.have.status(200)); tests["ok"] = responseCode.code === 200; postman.setEnvironmentVariable("t", responseBody); console.log(pm.request.url.toString()); const _ = require(\'lodash\');',
		);
		expect(scriptsToPort(postman, postmanApi)).toEqual([]);
		const bruno = collectionWith('await bru.sleep(100); const r = await bru.sendRequest({url: "x"}); bru.runner.skipRequest(); const sign = require("./lib/sign.js");', 'test("t", () => expect(req.getUrl()).to.include("x")); const {nanoid} = require("nanoid");');
		expect(scriptsToPort(bruno, brunoApi)).toEqual([]);
	});

	it('names each call curlew does not run, and each library it does not bundle, once per script, in the order written', () => {
		const postman = collectionWith('pm . cookies.get("s"); const cheerio = require("cheerio"); pm.cookies.jar(); pm.environment.toObject();', 'postman.clearEnvironmentVariables(); var json = xml2Json(responseBody); var c = responseCookies; const parse = require("csv-parse/lib/sync");');
		expect(scriptsToPort(postman, postmanApi)).toEqual([
			'request "Login": its pre-request script calls pm.cookies, pm.environment.toObject, require("cheerio"), which curlew does not run (it runs the rest of Postman\'s script API): port that part',
			'request "Login": its post-response script calls postman.clearEnvironmentVariables, responseCookies, require("csv-parse/lib/sync"), which curlew does not run (it runs the rest of Postman\'s script API): port that part',
		]);
		expect(scriptsToPort(collectionWith('bru.runRequest("x"); const axios = require("axios");', 'res.cookies.get("a")'), brunoApi)).toEqual([
			'request "Login": its pre-request script calls bru.runRequest, require("axios"), which curlew does not run (it runs the rest of Bruno\'s script API): port that part',
			'request "Login": its post-response script calls res.cookies, which curlew does not run (it runs the rest of Bruno\'s script API): port that part',
		]);
	});
});
