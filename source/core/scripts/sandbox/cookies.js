/*
The collection's cookie jar in scripts, in each tool's shapes: Postman's pm.cookies (the cookies
of the request's URL, read as Postman's CookieList) and pm.cookies.jar(), and Bruno's
bru.cookies (the same list, with its writes) and bru.cookies.jar(). Every read and write goes
to the session's jar at once (the host answers call('cookies', …), the script waiting off its
clock), so a cookie set here goes with the next request. Each jar call gives a promise, and
calls a callback when given one, `(error, result)`, as both tools do.
A part of its own (see prelude.js), compiled by the compat layer when a script first reads
pm.cookies or bru.cookies: most scripts never do.
*/
export default function (shared) {
	const {apply, call, dateToIso, fail, isArray, NativeDate, NativeString} = shared;
	return ({interpolate}) => makeCookies({interpolate});

	function makeCookies({interpolate}) {

		const ask = (api, action, fields) => call('cookies', {api, action, ...fields});

		// A cookie as both tools' scripts read it: Postman names it `name`, Bruno (tough-cookie's) `key`.
		function scriptCookie(info) {
			const cookie = {name: info.name, key: info.name, value: info.value, domain: info.domain, path: info.path};
			cookie.expires = info.expires === undefined ? undefined : new NativeDate(info.expires);
			cookie.session = info.expires === undefined;
			cookie.secure = info.secure;
			cookie.httpOnly = info.httpOnly;
			cookie.hostOnly = info.hostOnly;
			if (info.sameSite !== undefined) {
				cookie.sameSite = info.sameSite;
			}

			return cookie;
		}

		const cookiesFor = (api, url) => ask(api, 'forUrl', {url}).map(info => scriptCookie(info));

		function expiryText(api, expires) {
			if (expires === undefined || expires === null || expires === Infinity || expires === 'Infinity') {
				return undefined;
			}

			const date = expires instanceof NativeDate ? expires : new NativeDate(expires);
			if (Number.isNaN(date.getTime())) {
				fail('TypeError', api + ': the cookie\'s expires, ' + NativeString(expires) + ', is not a date');
			}

			return apply(dateToIso, date, []);
		}

		// What a script gives as a cookie (a name and a value, or {name or key, value, domain, path, expires, secure, httpOnly, sameSite}), as the host takes it.
		function newCookie(api, nameOrCookie, value) {
			if (typeof nameOrCookie === 'string') {
				return {name: nameOrCookie, value: value === undefined || value === null ? '' : NativeString(value)};
			}

			if (nameOrCookie === null || typeof nameOrCookie !== 'object' || isArray(nameOrCookie)) {
				fail('TypeError', api + ' needs a cookie\'s name and value, or a cookie such as {name: \'sid\', value: \'abc\', path: \'/\'}');
			}

			const given = nameOrCookie;
			const cookie = {name: NativeString(given.name ?? given.key ?? ''), value: NativeString(given.value ?? '')};
			for (const key of ['domain', 'path']) {
				if (typeof given[key] === 'string' && given[key] !== '') {
					cookie[key] = given[key];
				}
			}

			const expires = expiryText(api, given.expires);
			if (expires !== undefined) {
				cookie.expires = expires;
			}

			for (const key of ['secure', 'httpOnly']) {
				if (given[key] !== undefined) {
					cookie[key] = given[key] === true;
				}
			}

			if (typeof given.sameSite === 'string') {
				cookie.sameSite = given.sameSite.toLowerCase();
			}

			return cookie;
		}

		function checkCallback(api, callback) {
			if (callback !== undefined && typeof callback !== 'function') {
				fail('TypeError', api + ' takes a function to call back as its last argument, or none (it gives a promise)');
			}
		}

		// The jar's answer as a promise, and to the callback when there is one, after the script's current step.
		function settle(work, callback) {
			const promise = new Promise((resolve, reject) => {
				try {
					resolve(work());
				} catch (error) {
					reject(error);
				}
			});
			if (callback === undefined) {
				return promise;
			}

			return promise.then(result => {
				callback(null, result);
			}, error => {
				callback(error);
			});
		}

		/*
		Postman's CookieList over `cookies()`: reads by name, the list's iteration helpers, and
		toObject/toString. `extra` adds what one tool has beyond it.
		*/
		function cookieList(cookies, extra) {
			const named = name => cookies().find(cookie => cookie.name === name);
			return {
				get: name => named(name)?.value,
				one: name => named(name),
				has: (name, value) => cookies().some(cookie => cookie.name === name && (value === undefined || cookie.value === value)),
				all: () => cookies(),
				count: () => cookies().length,
				idx: index => cookies()[index],
				each(callback) {
					for (const cookie of cookies()) {
						callback(cookie);
					}
				},
				map: callback => cookies().map(cookie => callback(cookie)),
				filter: callback => cookies().filter(cookie => callback(cookie)),
				find: callback => cookies().find(cookie => callback(cookie)),
				reduce: (callback, initial) => cookies().reduce((accumulator, cookie) => callback(accumulator, cookie), initial),
				toObject() {
					const object = {};
					for (const cookie of cookies()) {
						object[cookie.name] = cookie.value;
					}

					return object;
				},
				toJSON: () => cookies(),
				toString: () => cookies().map(cookie => cookie.name + '=' + cookie.value).join('; '),
				...extra,
			};
		}

		// Postman's pm.cookies.jar(): set, get (the value), getAll, unset, clear (the URL's cookies).
		function postmanJar() {
			const api = name => 'pm.cookies.jar().' + name;
			return {
				set(url, nameOrCookie, valueOrCallback, maybeCallback) {
					const callback = typeof valueOrCallback === 'function' ? valueOrCallback : maybeCallback;
					checkCallback(api('set'), callback);
					const cookie = newCookie(api('set'), nameOrCookie, typeof valueOrCallback === 'function' ? undefined : valueOrCallback);
					return settle(() => {
						ask(api('set'), 'set', {url, cookie});
						return cookiesFor(api('set'), url).find(found => found.name === cookie.name);
					}, callback);
				},
				get(url, name, callback) {
					checkCallback(api('get'), callback);
					return settle(() => cookiesFor(api('get'), url).find(cookie => cookie.name === name)?.value, callback);
				},
				getAll(url, callback) {
					checkCallback(api('getAll'), callback);
					return settle(() => cookiesFor(api('getAll'), url), callback);
				},
				unset(url, name, callback) {
					checkCallback(api('unset'), callback);
					return settle(() => {
						ask(api('unset'), 'delete', {url, name});
					}, callback);
				},
				clear(url, callback) {
					checkCallback(api('clear'), callback);
					return settle(() => {
						ask(api('clear'), 'delete', {url});
					}, callback);
				},
			};
		}

		// Bruno's bru.cookies.jar(): its URLs are interpolated, as Bruno's are; clear() empties the whole jar.
		function brunoJar() {
			const api = name => 'bru.cookies.jar().' + name;
			const at = url => (typeof url === 'string' ? interpolate(url) : url);
			const jar = {
				getCookie(url, name, callback) {
					checkCallback(api('getCookie'), callback);
					return settle(() => cookiesFor(api('getCookie'), at(url)).find(cookie => cookie.name === name) ?? null, callback);
				},
				hasCookie(url, name, callback) {
					checkCallback(api('hasCookie'), callback);
					return settle(() => cookiesFor(api('hasCookie'), at(url)).some(cookie => cookie.name === name), callback);
				},
				getCookies(url, callback) {
					checkCallback(api('getCookies'), callback);
					return settle(() => cookiesFor(api('getCookies'), at(url)), callback);
				},
				setCookie(url, nameOrCookie, valueOrCallback, maybeCallback) {
					const callback = typeof valueOrCallback === 'function' ? valueOrCallback : maybeCallback;
					checkCallback(api('setCookie'), callback);
					const cookie = newCookie(api('setCookie'), nameOrCookie, typeof valueOrCallback === 'function' ? undefined : valueOrCallback);
					return settle(() => {
						ask(api('setCookie'), 'set', {url: at(url), cookie});
					}, callback);
				},
				setCookies(url, cookies, callback) {
					checkCallback(api('setCookies'), callback);
					if (!isArray(cookies)) {
						fail('TypeError', api('setCookies') + ' needs a list of cookies, such as [{key: \'sid\', value: \'abc\'}]');
					}

					const made = cookies.map(cookie => newCookie(api('setCookies'), cookie));
					return settle(() => {
						for (const cookie of made) {
							ask(api('setCookies'), 'set', {url: at(url), cookie});
						}
					}, callback);
				},
				deleteCookie(url, name, callback) {
					checkCallback(api('deleteCookie'), callback);
					return settle(() => {
						ask(api('deleteCookie'), 'delete', {url: at(url), name});
					}, callback);
				},
				deleteCookies(url, callback) {
					checkCallback(api('deleteCookies'), callback);
					return settle(() => {
						ask(api('deleteCookies'), 'delete', {url: at(url)});
					}, callback);
				},
				clear(callback) {
					checkCallback(api('clear'), callback);
					return settle(() => {
						ask(api('clear'), 'clear', {});
					}, callback);
				},
			};
			return jar;
		}

		/*
		pm.cookies and bru.cookies: the cookies of the request's URL (`requestUrl()`, none without a
		request), read from the jar at each use; Bruno's also writes there, as its CookieList does.
		*/
		function postmanCookies(requestUrl) {
			return cookieList(() => (requestUrl() === undefined ? [] : cookiesFor('pm.cookies', requestUrl())), {jar: postmanJar});
		}

		function brunoCookies(requestUrl) {
			const jar = brunoJar();
			const write = (name, work) => (...args) => {
				if (requestUrl() === undefined) {
					fail('TypeError', 'bru.cookies.' + name + ' has no request URL here: use bru.cookies.jar() with a URL');
				}

				return work(requestUrl(), ...args);
			};

			return cookieList(() => (requestUrl() === undefined ? [] : cookiesFor('bru.cookies', requestUrl())), {
				jar: brunoJar,
				add: write('add', (url, cookie, callback) => jar.setCookie(url, cookie, callback)),
				upsert: write('upsert', (url, cookie, callback) => jar.setCookie(url, cookie, callback)),
				remove: write('remove', (url, name, callback) => jar.deleteCookie(url, name, callback)),
				delete: write('delete', (url, name, callback) => jar.deleteCookie(url, name, callback)),
				clear: write('clear', (url, callback) => jar.deleteCookies(url, callback)),
			});
		}

		return {postmanCookies, brunoCookies};
	}
}
