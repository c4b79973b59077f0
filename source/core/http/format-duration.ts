/** A duration for the status line: `85 ms` below a second, `1.24 s` above. */
export function formatDuration(ms: number): string {
	if (ms < 1000) {
		return `${Math.round(ms)} ms`;
	}

	return `${(ms / 1000).toFixed(2)} s`;
}
