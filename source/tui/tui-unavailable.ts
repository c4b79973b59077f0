/**
Why the terminal UI cannot run here, or undefined when it can. The CLI prints this and
exits instead of starting the UI; no Ink is loaded to find out.
*/
export function tuiUnavailableReason(stdin: {isTTY?: boolean} = process.stdin, stdout: {isTTY?: boolean} = process.stdout): string | undefined {
	if (stdin.isTTY && stdout.isTTY) {
		return undefined;
	}

	const which = !stdin.isTTY && !stdout.isTTY ? 'stdin and stdout are not a terminal' : !stdin.isTTY ? 'stdin is not a terminal' : 'stdout is not a terminal';
	return `curlew: the terminal UI needs an interactive terminal, but ${which}. To send requests from a script or a pipe, use: curlew run <collection> [request...] (see curlew --help)`;
}
