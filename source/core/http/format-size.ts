const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
A byte count for people, in binary multiples: `512 B`, `4.2 KB`, `3.1 MB`, `120 MB`.
One decimal below 100 of a unit (dropped when it is `.0`), whole numbers above.
*/
export function formatSize(bytes: number): string {
	let value = Math.max(0, bytes);
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}

	if (unit === 0) {
		return `${Math.round(value)} B`;
	}

	const rounded = value < 100 ? Number(value.toFixed(1)) : Math.round(value);
	if (rounded >= 1024 && unit < units.length - 1) {
		return `1 ${units[unit + 1]}`;
	}

	return `${rounded} ${units[unit]}`;
}
