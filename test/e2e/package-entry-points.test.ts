// The package's two entry points as the build leaves them: the `curlew` command (dist/cli.js, CommonJS) and the `curlew/core` library (ES modules).
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {cliPath} from '../helpers/run-cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {version: string; bin: {curlew: string}};

describe('the built package', () => {
	it('runs its bin, dist/cli.js, as CommonJS: without Node\'s ES module loader', () => {
		expect(path.join(root, packageJson.bin.curlew)).toBe(cliPath);
		const folder = mkdtempSync(path.join(tmpdir(), 'curlew-entry-'));
		try {
			// Loaded before the entry, it tells at exit whether Node ran an ES module (its loader's module jobs).
			const reporter = path.join(folder, 'report.cjs');
			writeFileSync(reporter, 'process.on(\'exit\', () => { process.stderr.write(process.moduleLoadList.includes(\'NativeModule internal/modules/esm/module_job\') ? \'esm-loader\' : \'no-esm-loader\'); });');
			const result = spawnSync(process.execPath, ['--require', reporter, cliPath, '--version'], {encoding: 'utf8'});
			expect(result.stdout.trim()).toBe(packageJson.version);
			expect(result.stderr).toBe('no-esm-loader');
		} finally {
			rmSync(folder, {recursive: true, force: true});
		}
	});

	it('gives `curlew/core` as ES modules, importable by the package\'s name', () => {
		const script = 'const core = await import("curlew/core"); const {text} = core.interpolate("Hi {{name}}", {name: "Ada"}); console.log(typeof core.interpolate, text);';
		const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {cwd: root, encoding: 'utf8'});
		expect(printed.trim()).toBe('function Hi Ada');
	});
});
