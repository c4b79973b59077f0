import Conf from 'conf';

type Wrapped = {text?: string};

/**
One JSON file kept by conf: conf resolves the path, creates the folder, and writes
atomically (a temporary file, fsync, rename) with mode 0600. conf sees the file as opaque
text so that its constructor never throws on a damaged file; the store parses, checks and
migrates the text itself, and can then keep a bad file aside and tell the user.
*/
export class TextFile {
	readonly path: string;
	private readonly conf: Conf<Wrapped>;

	/** Without a directory, the file goes in conf's per-user config folder for "curlew". */
	constructor(directory: string | undefined, name: string) {
		this.conf = new Conf<Wrapped>({
			...(directory === undefined ? {projectName: 'curlew', projectSuffix: ''} : {cwd: directory}),
			configName: name,
			configFileMode: 0o600,
			accessPropertiesByDotNotation: false,
			clearInvalidConfig: false,
			serialize: ({text}) => text ?? '',
			deserialize: text => ({text}),
		});
		this.path = this.conf.path;
	}

	/** The file's text, or undefined when there is no file (conf then creates its folder). */
	read(): string | undefined {
		return this.conf.store.text;
	}

	write(text: string): void {
		this.conf.store = {text};
	}
}
