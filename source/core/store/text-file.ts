import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type Conf from 'conf';

type Wrapped = {text?: string};

/**
One JSON file kept by conf: conf creates the folder and writes atomically (a temporary
file, fsync, rename) with mode 0600. conf sees the file as opaque text so that it never
throws on a damaged file; the store parses, checks and migrates the text itself, and can
then keep a bad file aside and tell the user.

Reading needs no conf, and conf (with its schema validator) takes a good part of a
command's start-up to load, so it is loaded on the first write: `curlew run` on an
existing store never pays for it.
*/
export class TextFile {
	readonly path: string;
	private conf: Conf<Wrapped> | undefined;

	constructor(private readonly directory: string, private readonly name: string) {
		this.path = path.join(directory, `${name}.json`);
	}

	/** The file's text, or undefined when there is no file. */
	read(): string | undefined {
		return readTextIfThere(this.path);
	}

	write(text: string): void {
		this.conf ??= openConf(this.directory, this.name);
		this.conf.store = {text};
	}
}

function openConf(directory: string, name: string): Conf<Wrapped> {
	// Node 20.19+ loads the ES module conf synchronously through require.
	const {default: ConfClass} = createRequire(import.meta.url)('conf') as {default: typeof Conf};
	return new ConfClass<Wrapped>({
		cwd: directory,
		configName: name,
		configFileMode: 0o600,
		accessPropertiesByDotNotation: false,
		clearInvalidConfig: false,
		serialize: ({text}) => text ?? '',
		deserialize: text => ({text}),
	});
}

/** A file's text; undefined when there is no such file (never written, or just removed by another instance). */
export function readTextIfThere(file: string): string | undefined {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return undefined;
		}

		throw error;
	}
}
