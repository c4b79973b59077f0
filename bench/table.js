// Prints a table of figures: the one format every benchmark here reports in.
export function printTable(title, columns, rows) {
	const cells = [columns, ...rows.map(row => row.map(cell => String(cell)))];
	const widths = columns.map((_, index) => Math.max(...cells.map(row => row[index].length)));
	const line = row => `| ${row.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
	console.log(`\n${title}\n`);
	console.log(line(cells[0]));
	console.log(`|${widths.map(width => '-'.repeat(width + 2)).join('|')}|`);
	for (const row of cells.slice(1)) {
		console.log(line(row));
	}
}

/** Median of `runs` timings of `task`, in milliseconds, after one warm-up run. */
export async function medianMs(task, runs = 7) {
	await task();
	const times = [];
	for (let run = 0; run < runs; run++) {
		// Each run starts with the garbage of the last one collected (the runner passes --expose-gc).
		globalThis.gc?.();
		const start = process.hrtime.bigint();
		await task();
		times.push(Number(process.hrtime.bigint() - start) / 1e6);
	}

	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)];
}

export const formatMs = ms => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/** The middle value of `values` (the upper of the two middle ones for an even count); `values` is left as it was. */
export const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
