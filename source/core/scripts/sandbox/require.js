/*
`require` in scripts, as in Postman's and Bruno's sandboxes: the libraries bundled into the
sandbox (each compiled by the first run that requires it, off the script's clock), atob and
btoa, and the collection's own JavaScript files by a path relative to the collection's
folder (`./lib/sign.js`, `./lib/sign`), which the host holds (see modules in run-script.ts):
never a file of the machine curlew runs on. A file is run as a CommonJS module, once per run.
*/
export function makeRequire({call, fail, library, offClock, libraryNames, extras, onUse}) {
	const NativeFunction = Function;
	const NativeString = String;
	const loaded = new Map();
	const names = [...libraryNames, ...Object.keys(extras)].sort();

	function loadLibrary(name) {
		offClock(true);
		try {
			return NativeFunction('return ' + library(name))();
		} finally {
			offClock(false);
		}
	}

	/** The path a relative name stands for inside the collection's folder, from the folder of the file that requires it. */
	function resolve(from, name) {
		const steps = from === '' ? [] : from.split('/');
		for (const step of name.split('/')) {
			if (step === '..') {
				if (steps.length === 0) {
					fail('Error', 'require(' + JSON.stringify(name) + ') leads out of the collection\'s folder: a script may require only files inside it');
				}

				steps.pop();
			} else if (step !== '.' && step !== '') {
				steps.push(step);
			}
		}

		return steps.join('/');
	}

	function loadFile(from, name) {
		const path = resolve(from, name);
		const found = call('module', [path, path + '.js', path + '/index.js']);
		if (found === undefined) {
			fail('Error', 'require(' + JSON.stringify(name) + ') found no file ' + JSON.stringify(path) + ' (nor with .js, nor /index.js) among the collection\'s own JavaScript files');
		}

		if (loaded.has(found.path)) {
			return loaded.get(found.path).exports;
		}

		const module = {exports: {}};
		loaded.set(found.path, module);
		const folder = found.path.includes('/') ? found.path.slice(0, found.path.lastIndexOf('/')) : '';
		const body = NativeFunction('module', 'exports', 'require', found.text);
		body(module, module.exports, requirer(folder));
		return module.exports;
	}

	function requirer(folder) {
		return function require(name) {
			if (typeof name !== 'string') {
				fail('TypeError', 'require needs a name, such as require(\'lodash\') or require(\'./lib/sign.js\')');
			}

			if (name.startsWith('./') || name.startsWith('../')) {
				return loadFile(folder, name);
			}

			const bare = name.startsWith('node:') ? name.slice(5) : name;
			if (Object.hasOwn(extras, bare)) {
				return extras[bare];
			}

			if (!libraryNames.includes(bare)) {
				fail('Error', 'Cannot find module ' + JSON.stringify(NativeString(name)) + ': scripts in curlew can require ' + names.join(', ') + ', and the collection\'s own files by a path that starts with ./');
			}

			if (!loaded.has(bare)) {
				loaded.set(bare, {exports: loadLibrary(bare)});
			}

			onUse(bare);

			return loaded.get(bare).exports;
		};
	}

	return requirer('');
}
