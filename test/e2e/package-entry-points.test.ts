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

	it('runs `curlew run` from a bundle of its own, chosen as the CLI reads the command line', () => {
		const config = mkdtempSync(path.join(tmpdir(), 'curlew-entry-config-'));
		try {
			const env = {...process.env, CURLEW_CONFIG_DIR: config};
			// "run" here is the value of --format: the command is export, which only the whole bundle holds.
			const exported = spawnSync(process.execPath, [cliPath, '--format', 'run', 'export', 'Getting started'], {encoding: 'utf8', env});
			expect(exported.status).toBe(2);
			expect(exported.stderr).toContain('--format run is not a format curlew writes');
			// The run bundle asked for another command directly, as dist/cli.js never asks it.
			const runBundle = path.join(path.dirname(cliPath), 'curlew-run.cjs');
			const script = `process.argv.splice(1, 0, 'curlew', 'import', 'x.json'); require(${JSON.stringify(runBundle)}).runCli().then(() => process.exit(process.exitCode));`;
			const refused = spawnSync(process.execPath, ['-e', script], {encoding: 'utf8', env});
			expect(refused.status).toBe(2);
			expect(refused.stderr).toContain('is not in curlew-run.cjs, which runs curlew run only');
		} finally {
			rmSync(config, {recursive: true, force: true});
		}
	});

	it('gives `curlew/core` as ES modules, importable by the package\'s name', () => {
		const script = 'const core = await import("curlew/core"); const {text} = core.interpolate("Hi {{name}}", {name: "Ada"}); console.log(typeof core.interpolate, text);';
		const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {cwd: root, encoding: 'utf8'});
		expect(printed.trim()).toBe('function Hi Ada');
	});
});
