/*
`expect` for `pm.expect`, Bruno's `expect` and `pm.response.to`: chai's own (the chai that
Postman's and Bruno's sandboxes give), with Postman's assertions on a response added as a chai
plugin. Compiled by a run the first time it needs it; a run whose script asserts (see
usesAssertions in run-script.ts) loads chai before the script runs, so that a script that
replaces built-ins first does not break chai.

A response is asserted on through its subject (see compat.js): a frozen object this module
recognises by identity, so that `pm.expect(pm.response).to.have.status(200)` and
`pm.response.to.have.status(200)` are the same assertion, and any other value keeps chai's
own meaning of `ok`, `json`, `body`…
*/
// Parts are compiled with the prelude's shared helpers (see compile in prelude.js); chai needs none of them.
export default function () {
	return assertions;
}

function assertions({require}) {
	const chai = require('chai');
	const subjects = new WeakSet();
	const {Assertion} = chai;
	const isResponse = value => value !== null && typeof value === 'object' && subjects.has(value);

	const classes = {
		info: [100, 199, 'an informational response (1xx)'],
		success: [200, 299, 'a success (2xx)'],
		redirection: [300, 399, 'a redirection (3xx)'],
		clientError: [400, 499, 'a client error (4xx)'],
		serverError: [500, 599, 'a server error (5xx)'],
		error: [400, 599, 'an error (4xx or 5xx)'],
	};
	const codes = {ok: 200, accepted: 202, badRequest: 400, unauthorized: 401, forbidden: 403, notFound: 404, rateLimited: 429};

	// A property on a response; on any other value, chai's own property of that name, or chai's error for a property it has not.
	function responseProperty(name, check) {
		const own = name in Assertion.prototype;
		const getter = function () {
			if (isResponse(this._obj)) {
				check.call(this, this._obj);
			} else if (own) {
				return undefined;
			} else {
				throw new Error('Invalid Chai property: ' + name);
			}
		};

		if (own) {
			Assertion.overwriteProperty(name, base => function () {
				return isResponse(this._obj) ? getter.call(this) : base.call(this);
			});
		} else {
			Assertion.addProperty(name, getter);
		}
	}

	function responseMethod(name, check) {
		const own = typeof Assertion.prototype[name] === 'function';
		if (own) {
			Assertion.overwriteMethod(name, base => function (...args) {
				return isResponse(this._obj) ? check.apply(this, [this._obj, ...args]) : base.apply(this, args);
			});
		} else {
			Assertion.addMethod(name, function (...args) {
				if (!isResponse(this._obj)) {
					throw new TypeError('.' + name + '() is Postman\'s assertion on pm.response: pm.response.to.have.' + name + '(…)');
				}

				check.apply(this, [this._obj, ...args]);
			});
		}
	}

	for (const [name, [low, high, words]] of Object.entries(classes)) {
		responseProperty(name, function (response) {
			this.assert(response.code >= low && response.code <= high, 'expected response to be ' + words + ' but got #{act}', 'expected response to not be ' + words + ' but got #{act}', undefined, response.code);
		});
	}

	for (const [name, code] of Object.entries(codes)) {
		responseProperty(name, function (response) {
			this.assert(response.code === code, 'expected response to be ' + name + ' (' + code + ') but got #{act}', 'expected response to not be ' + name + ' (' + code + ') but got #{act}', code, response.code);
		});
	}

	responseMethod('status', function (response, expected) {
		if (typeof expected === 'number') {
			this.assert(response.code === expected, 'expected response to have status code #{exp} but got #{act}', 'expected response to not have status code #{act}', expected, response.code);
		} else {
			this.assert(response.status === expected, 'expected response to have status #{exp} but got #{act}', 'expected response to not have status #{act}', expected, response.status);
		}
	});

	responseMethod('header', function (response, name, value) {
		const actual = response.headers.get(name);
		if (arguments.length < 3) {
			this.assert(actual !== undefined, 'expected response to have header #{exp}', 'expected response to not have header #{exp}', name);
			return;
		}

		this.assert(actual === value, 'expected response to have header ' + chai.util.inspect(name) + ' with value #{exp} but got #{act}', 'expected response to not have header ' + chai.util.inspect(name) + ' with value #{exp}', value, actual);
	});

	responseProperty('withBody', function (response) {
		this.assert(response.text() !== '', 'expected response to have a body', 'expected response to not have a body');
	});

	responseProperty('json', function (response) {
		const read = response.readJson();
		this.assert(Object.hasOwn(read, 'value'), 'expected response body to be JSON, but it is not: ' + (read.problem ?? ''), 'expected response body to not be JSON');
	});

	responseMethod('body', function (response, expected) {
		if (arguments.length < 2) {
			this.assert(response.text() !== '', 'expected response to have a body', 'expected response to not have a body');
			return;
		}

		if (typeof expected === 'string') {
			this.assert(response.text() === expected, 'expected response to have body #{exp}', 'expected response to not have body #{exp}', expected, response.text());
			return;
		}

		const read = response.readJson();
		this.assert(Object.hasOwn(read, 'value') && chai.util.eql(read.value, expected), 'expected response to have body #{exp}', 'expected response to not have body #{exp}', expected, read.value);
	});

	responseMethod('jsonBody', function (response, path, value) {
		const read = response.readJson();
		if (path === undefined) {
			this.assert(Object.hasOwn(read, 'value'), 'expected response to have a JSON body', 'expected response to not have a JSON body');
			return;
		}

		const found = Object.hasOwn(read, 'value') ? lookUp(read.value, path) : {present: false};
		if (arguments.length < 3) {
			this.assert(found.present, 'expected response to have JSON body with ' + chai.util.inspect(path), 'expected response to not have JSON body with ' + chai.util.inspect(path));
			return;
		}

		this.assert(found.present && chai.util.eql(found.value, value), 'expected response to have JSON body with ' + chai.util.inspect(path) + ' of #{exp}, but got #{act}', 'expected response to not have JSON body with ' + chai.util.inspect(path) + ' of #{exp}', value, found.value);
	});

	responseMethod('jsonSchema', function (response, schema, options) {
		const read = response.readJson();
		const Ajv = require('ajv');
		const ajv = new Ajv({allErrors: true, strict: false, ...options});
		const valid = Object.hasOwn(read, 'value') && ajv.validate(schema, read.value);
		const why = Object.hasOwn(read, 'value') ? ajv.errorsText(ajv.errors) : 'its body is not JSON';
		this.assert(valid, 'expected response body to be valid against the schema, but ' + why, 'expected response body to not be valid against the schema');
	});

	/** The value at a path such as 'data.items[0].id' of a parsed body: {present, value}. */
	function lookUp(body, path) {
		let value = body;
		for (const step of String(path).replace(/\[(\d+)\]/g, '.$1').split('.').filter(part => part !== '')) {
			if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) {
				return {present: false};
			}

			value = value[step];
		}

		return {present: true, value};
	}

	return {
		expect: chai.expect,
		assert: chai.assert,
		/** The subject `pm.response.to` and `pm.expect(pm.response)` assert on. */
		expectResponse(subject, message) {
			subjects.add(subject);
			return chai.expect(subject, message);
		},
	};
}
