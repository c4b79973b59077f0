#!/usr/bin/env node
import meow from 'meow';

const cli = meow(`
	Usage
	  $ curlew                      open the terminal UI
	  $ curlew --help               this text
	  $ curlew --version            the version

	Examples
	  $ curlew
`, {
	importMeta: import.meta,
	flags: {},
});

if (cli.input.length > 0) {
	console.error(`curlew: unknown command "${cli.input[0]}": see curlew --help`);
	process.exit(2);
}

cli.showHelp(0);
