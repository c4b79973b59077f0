/*
The shape of the source tree DESIGN.md asks for, checked on the files themselves: the arrow
points one way (core never imports the UI or the CLI), no module imports itself back through
others, and no file of the terminal UI grows past what one reads in one sitting.
*/
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', 'source');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder).flatMap(name => {
		const file = path.join(folder, name);
		if (statSync(file).isDirectory()) {
			return sourceFiles(file);
		}

		return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
	});
}

const files = sourceFiles(root);

/** The project's own modules a file imports, type imports included. */
function importsOf(file: string): string[] {
	const {importedFiles} = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
	return importedFiles
		.map(({fileName}) => fileName)
		.filter(name => name.startsWith('.'))
		.map(name => {
			const base = path.resolve(path.dirname(file), name).replace(/\.js$/, '');
			return [`${base}.ts`, `${base}.tsx`].find(candidate => files.includes(candidate));
		})
		.filter((name): name is string => name !== undefined);
}

const graph = new Map(files.map(file => [file, importsOf(file)]));
const relative = (file: string) => path.relative(root, file);

/** Every cycle of imports, each as the files around it (found by a depth-first walk). */
function cycles(): string[][] {
	const found: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const trail: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		trail.push(file);
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'open') {
				found.push(trail.slice(trail.indexOf(next)).map(relative));
			} else if (state.get(next) === undefined) {
				visit(next);
			}
		}

		trail.pop();
		state.set(file, 'done');
	};

	for (const file of files) {
		if (state.get(file) === undefined) {
			visit(file);
		}
	}

	return found;
}

describe('the source tree', () => {
	it('finds the modules it checks, and their imports', () => {
		expect(files.length).toBeGreaterThan(100);
		expect(graph.get(path.join(root, 'tui', 'app.tsx'))).toContain(path.join(root, 'tui', 'keys.ts'));
	});

	it('has no import cycle', () => {
		expect(cycles()).toEqual([]);
	});

	it('keeps core free of the terminal UI and the CLI: the arrow points one way', () => {
		const reachingOut = files
			.filter(file => relative(file).startsWith(`core${path.sep}`))
			.flatMap(file => (graph.get(file) ?? []).filter(imported => !relative(imported).startsWith(`core${path.sep}`)).map(imported => `${relative(file)} -> ${relative(imported)}`));
		expect(reachingOut).toEqual([]);
	});

	it('has no file in the terminal UI of more than 500 lines', () => {
		const long = files
			.filter(file => relative(file).startsWith(`tui${path.sep}`))
			.map(file => ({file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length}))
			.filter(({lines}) => lines > 500);
		expect(long).toEqual([]);
	});
});
