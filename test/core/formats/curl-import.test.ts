import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {readCurlCommands} from '../../../source/core/formats/curl-import.js';
import {interpolate} from '../../../source/core/interpolate/index.js';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {defaultSettings, type Request} from '../../../source/core/model.js';

function fixture(name: string): string {
	return readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
}

function shown({id: _id, scripts: _scripts, ...request}: Request) {
	return request;
}

/** The one request `command` gives, and the notes. */
function requestOf(command: string) {
	const {collection, notes} = readCurlCommands(command, 'api.sh');
	expect(collection.requests).toHaveLength(1);
	return {request: shown(collection.requests[0]!), notes, settings: collection.settings};
}

function header(name: string, value: string) {
	return {name, value, enabled: true};
}

describe('readCurlCommands', () => {
	it('reads a file of documented curl commands into a request each, named after method and path, with its notes', () => {
		const {collection, notes} = readCurlCommands(fixture('orders.sh'), '/home/ada/orders.sh');
		expect(collection.name).toBe('orders');
		expect(collection.requests.map(request => shown(request))).toEqual([
			{
				name: 'POST /v1/orders',
				method: 'POST',
				url: 'https://api.shop.example.com/v1/orders',
				headers: [header('Content-Type', 'application/json'), header('Authorization', 'Bearer {{process.env.SHOP_TOKEN}}')],
				body: {type: 'json', text: '{"sku": "A-100", "quantity": 2}'},
			},
			{
				name: 'GET /v1/orders',
				method: 'GET',
				url: 'https://api.shop.example.com/v1/orders?status=open',
				headers: [header('Accept', 'application/json')],
				auth: {type: 'basic', username: 'ada', password: 's3cret'},
				body: {type: 'none'},
			},
			{name: 'GET /v1/search', method: 'GET', url: 'https://api.shop.example.com/v1/search?q=red%20shoes&limit=10', headers: [], body: {type: 'none'}},
			{name: 'POST /v1/login', method: 'POST', url: 'https://api.shop.example.com/v1/login', headers: [], body: {type: 'form', fields: [{name: 'user', value: 'ada'}, {name: 'password', value: 'p@ss'}]}},
			{name: 'POST /v1/orders/42/attachments', method: 'POST', url: 'https://api.shop.example.com/v1/orders/42/attachments', headers: [], body: {type: 'multipart', parts: [{type: 'text', name: 'note', value: 'gift'}, {type: 'file', name: 'invoice', file: 'invoice.pdf'}]}},
			{name: 'DELETE /v1/orders/42', method: 'DELETE', url: 'https://api.shop.example.com/v1/orders/42', headers: [header('X-Reason', 'duplicate')], body: {type: 'none'}},
		]);
		expect(collection.settings).toEqual({...defaultSettings, verifyTls: false, totalTimeoutMs: 5000});
		expect(notes).toEqual([
			'line 16: -o out.json was left out: curlew keeps responses itself',
			'line 18: --proxy http://proxy.internal:3128 was left out: curlew sends through the proxy in HTTP_PROXY / HTTPS_PROXY',
			'line 18: jq was left out: it reads curl\'s output, and curlew shows the response itself',
			'-k (line 12) set verifyTls for every request of the collection: curlew has one value for the whole collection',
			'--max-time 5 (line 14) set totalTimeoutMs for every request of the collection: curlew has one value for the whole collection',
		]);
	});

	it('reads a browser\'s Copy as cURL, $\'…\' quoting and cookies included', () => {
		const {request, notes} = requestOf(fixture('cart.curl'));
		expect(request).toEqual({
			name: 'POST /api/cart',
			method: 'POST',
			url: 'https://shop.example.com/api/cart',
			headers: [
				header('accept', '*/*'),
				header('accept-language', 'en-GB,en;q=0.9'),
				header('content-type', 'application/json'),
				header('Cookie', 'session=abc123; theme=dark'),
				header('origin', 'https://shop.example.com'),
			],
			body: {type: 'json', text: '{"item":"café","note":"it\'s for you"}'},
		});
		expect(notes).toEqual([]);
	});

	it('sends data without a Content-Type as curl does: a form when it is one, else text marked as a form', () => {
		expect(requestOf('curl -d \'{"a": 1}\' https://a.test/x').request).toMatchObject({
			headers: [header('Content-Type', 'application/x-www-form-urlencoded')],
			body: {type: 'text', text: '{"a": 1}'},
		});
		expect(requestOf('curl -d a=1 -d b=x+y https://a.test/x').request.body).toEqual({type: 'form', fields: [{name: 'a', value: '1'}, {name: 'b', value: 'x y'}]});
		expect(requestOf('curl -H "Content-Type: text/csv" --data-binary "a,b" https://a.test/x').request.body).toEqual({type: 'text', text: 'a,b'});
	});

	it('reads --json as a JSON body with its Content-Type and Accept, unless given', () => {
		expect(requestOf('curl --json \'{"a": 1}\' -H "Accept: */*" https://a.test/x').request).toMatchObject({
			method: 'POST',
			headers: [header('Accept', '*/*'), header('Content-Type', 'application/json')],
			body: {type: 'json', text: '{"a": 1}'},
		});
	});

	it('reads attached and bundled short options, --url, -I and -X', () => {
		expect(requestOf('curl -sSLXPUT --url https://a.test/items/1 -HX-A:1').request).toMatchObject({method: 'PUT', url: 'https://a.test/items/1', headers: [header('X-A', '1')]});
		expect(requestOf('curl -I a.test').request).toMatchObject({name: 'HEAD /', method: 'HEAD', url: 'a.test'});
		expect(requestOf('curl -X patch https://a.test').request).toMatchObject({name: 'PATCH /', method: 'PATCH'});
	});

	it('maps -A, -e, --oauth2-bearer, --connect-timeout, --max-redirs and --cacert', () => {
		const {request, settings} = requestOf('curl -A "bot/1" -e https://from.test --oauth2-bearer t0k --connect-timeout 2.5 --max-redirs 3 --cacert /etc/ca.pem https://a.test');
		expect(request.headers).toEqual([header('User-Agent', 'bot/1'), header('Referer', 'https://from.test'), header('Authorization', 'Bearer t0k')]);
		expect(settings).toEqual({...defaultSettings, connectTimeoutMs: 2500, maxRedirects: 3, caFile: '/etc/ca.pem'});
	});

	it('makes a request for each URL of a command', () => {
		const {collection} = readCurlCommands('curl -H "A: 1" https://a.test/one https://a.test/two', 'two.sh');
		expect(collection.requests.map(request => [request.name, request.headers])).toEqual([['GET /one', [header('A', '1')]], ['GET /two', [header('A', '1')]]]);
	});

	it('notes what it cannot honour: a file read by -d, a cookie file, a user without a password, an unknown option, a method curlew does not send', () => {
		expect(requestOf('curl -d @body.json -b jar.txt -u ada --http2 https://a.test').notes).toEqual([
			'line 1: -b jar.txt was left out: it names a cookie file, which curlew does not read; add a Cookie header',
			'line 1: --http2 was left out: curlew does not support it',
			'line 1: -d @body.json was left out: curlew does not read files; the request stays a POST, as curl sends it: paste the file\'s content as its body',
			'line 1: -u ada was left out: it has no password, which curl would ask for; add the password after a colon',
		]);
		expect(requestOf('curl -u "ada:$PASSWORD" https://a.test')).toMatchObject({request: {auth: {type: 'basic', username: 'ada', password: '{{process.env.PASSWORD}}'}}, notes: []});
		const {collection, notes} = readCurlCommands('curl -X PURGE https://a.test/cache\ncurl https://a.test', 'x.sh');
		expect(collection.requests.map(request => request.name)).toEqual(['GET /']);
		expect(notes).toEqual(['line 1: the request was left out: its method PURGE is not one curlew sends (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)']);
	});

	it('reads -u as basic auth, and as digest auth after --digest, computed when sending', () => {
		expect(requestOf('curl -u ada:s3cret https://a.test').request).toMatchObject({headers: [], auth: {type: 'basic', username: 'ada', password: 's3cret'}});
		expect(requestOf('curl --digest -u "ada:p:w" https://a.test').request).toMatchObject({headers: [], auth: {type: 'digest', username: 'ada', password: 'p:w'}});
	});

	it('notes the options of a command left out for one reason on one line, naming the first 20 and counting all', () => {
		expect(requestOf('curl --http2 --tcp-nodelay -o a.json -o b.json https://a.test').notes).toEqual([
			'line 1: 2 options were left out: curlew does not support them: --http2, --tcp-nodelay',
			'line 1: 2 options were left out: curlew keeps responses itself: -o a.json, -o b.json',
		]);
		const options = Array.from({length: 150_000}, (_, index) => `--unknown-${index}`);
		const {notes} = requestOf(`curl https://a.test ${options.join(' ')}`);
		expect(notes).toEqual([`line 1: 150,000 options were left out: curlew does not support them: ${options.slice(0, 20).join(', ')} and 149,980 more`]);
	});

	it('reads a command of 150,000 URLs, each a request', () => {
		const urls = Array.from({length: 150_000}, (_, index) => `https://a.test/${index}`);
		const {collection} = readCurlCommands(`curl ${urls.join(' ')}`, 'many.sh');
		expect(collection.requests).toHaveLength(150_000);
		expect(collection.requests.at(-1)!.url).toBe('https://a.test/149999');
	});

	it('keeps the first value of a setting two commands give differently, and says so', () => {
		const {collection, notes} = readCurlCommands('curl -m 5 https://a.test/a\ncurl -m 9 https://a.test/b', 'x.sh');
		expect(collection.settings.totalTimeoutMs).toBe(5000);
		expect(notes).toEqual([
			'line 2: -m 9 was left out: -m 5 (line 1) set totalTimeoutMs already, and curlew has one value for the whole collection',
			'-m 5 (line 1) set totalTimeoutMs for every request of the collection: curlew has one value for the whole collection',
		]);
	});

	it.each([
		['curl -s', 'line 1: the curl command has no URL'],
		['curl https://a.test -H', 'line 1: -H needs a value after it'],
		['curl --max-time soon https://a.test', 'line 1: --max-time soon: expected a positive number of seconds, at most 2147483 (24.8 days)'],
		['curl -X PURGE https://a.test', 'there is no request curlew can import in it: line 1: the request was left out: its method PURGE is not one curlew sends (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)'],
		['curl -d \'{"a": 1} https://a.test', 'line 1: the \' opened here is never closed: close it'],
	])('refuses a command it cannot read, naming the line: %s', (text, message) => {
		expect(() => readCurlCommands(text, 'x.sh')).toThrow(new FieldError('', message).message);
	});
});

describe('readCurlCommands: what goes out is what curl sends', () => {
	it('lets an explicit -H Authorization win over -u, and -H User-Agent over -A, in either order, with a note', () => {
		const {request, notes} = requestOf('curl -u admin:pw -A agent/1 -H \'Authorization: Bearer x\' -H \'user-agent: mine/2\' https://a.test/me');
		expect(request.headers).toEqual([header('Authorization', 'Bearer x'), header('user-agent', 'mine/2')]);
		expect(notes).toEqual([
			'line 1: -A agent/1 was left out: the -H User-Agent header wins over it, as in curl',
			'line 1: -u admin:pw was left out: the -H Authorization header wins over it, as in curl',
		]);
		expect(requestOf('curl -A agent/1 https://a.test/').request.headers).toEqual([header('User-Agent', 'agent/1')]);
	});

	it('puts -G data into the query before the URL\'s fragment', () => {
		expect(requestOf('curl -G -d q=1 \'https://a.test/s?a=2#top\'').request.url).toBe('https://a.test/s?a=2&q=1#top');
	});

	it('sends the file of --data-binary @file (POST) and -T file (PUT) as a file body, byte for byte as curl does, a relative path read from the commands\' folder', () => {
		expect(requestOf('curl https://a.test/a --data-binary @body.json')).toMatchObject({request: {method: 'POST', body: {type: 'file', file: 'body.json'}}, notes: []});
		expect(requestOf('curl -T file.txt https://a.test/up')).toMatchObject({request: {method: 'PUT', body: {type: 'file', file: 'file.txt'}}, notes: []});
		const {collection} = readCurlCommands('curl -T data/file.txt https://a.test/up\ncurl -F \'doc=@/abs/a.pdf;type=application/pdf;filename=x.pdf\' -F n=1 https://a.test/f', 'cmds.sh', {folder: '/work'});
		expect(collection.requests.map(request => request.body)).toEqual([
			{type: 'file', file: '/work/data/file.txt'},
			{type: 'multipart', parts: [{type: 'file', name: 'doc', file: '/abs/a.pdf', contentType: 'application/pdf'}, {type: 'text', name: 'n', value: '1'}]},
		]);
	});

	it('keeps the method curl uses when a file it would send is left out: POST for -d @file, whose line breaks curl drops', () => {
		expect(requestOf('curl https://a.test/a -d @body.json')).toMatchObject({request: {method: 'POST', body: {type: 'none'}}, notes: ['line 1: -d @body.json was left out: curlew does not read files; the request stays a POST, as curl sends it: paste the file\'s content as its body']});
	});

	it('reads -H \'Name:\' as removing the header, sending no empty one', () => {
		const {request, notes} = requestOf('curl -H \'Content-Type:\' -H \'X-A: 1\' -d x https://a.test/m');
		expect(request).toMatchObject({headers: [header('X-A', '1')], body: {type: 'text', text: 'x'}});
		expect(notes).toEqual(['line 1: -H \'Content-Type:\' removes the header, and curl sends its data without one; curlew gives every body a Content-Type, and sends this one as text/plain']);
		expect(requestOf('curl -H \'Accept:\' --json \'{}\' https://a.test/').request.headers).toEqual([header('Content-Type', 'application/json')]);
	});

	it('keeps -d data as a text body when curlew would not send its form fields as the very same bytes', () => {
		expect(requestOf('curl https://a.test/m -d \'a=$HOME\'').request).toMatchObject({headers: [header('Content-Type', 'application/x-www-form-urlencoded')], body: {type: 'text', text: 'a=$HOME'}});
		expect(requestOf('curl https://a.test/m -d \'a=x%2fy\'').request.body).toEqual({type: 'text', text: 'a=x%2fy'});
		expect(requestOf('curl https://a.test/t -d \'user=a%40b.com&pw=p+w%26x\'').request.body).toEqual({type: 'form', fields: [{name: 'user', value: 'a@b.com'}, {name: 'pw', value: 'p w&x'}]});
	});
});

describe('readCurlCommands: backslashes before {{', () => {
	it('sends -d data with a backslash before {{ as written, in a text body', () => {
		const {request} = requestOf(String.raw`curl -H 'Content-Type: text/plain' -d 'b=\{{y}} c=\\{{z}} $HOME' http://127.0.0.1/`);
		expect(interpolate(request.body.text!, {y: 'Y', z: 'Z'}, {env: {HOME: '/home/ada'}}).text).toBe(String.raw`b=\{{y}} c=\\{{z}} $HOME`);
	});

	it('keeps backslashes before an environment variable it turns into a placeholder', () => {
		const {request} = requestOf(String.raw`curl -H "X-Dir: C:\\\\$USERNAME" http://127.0.0.1/`);
		expect(interpolate(request.headers.find(header => header.name === 'X-Dir')!.value, {}, {env: {USERNAME: 'ada'}, allowedEnv: ['USERNAME']}).text).toBe(String.raw`C:\\ada`);
	});

	it('notes JSON data whose backslash before {{ is not JSON, and sends it as an escaped backslash', () => {
		const {request, notes} = requestOf(String.raw`curl --json '{"a":"{{x}}","b":"\{{y}}"}' http://127.0.0.1/`);
		expect(JSON.parse(interpolate(request.body.text!, {x: 'X', y: 'Y'}, {context: 'json'}).text)).toEqual({a: '{{x}}', b: '\\{{y}}'});
		expect(notes).toContainEqual(expect.stringMatching(/its JSON data has a backslash right before \{\{, which is not JSON/));
	});
});
