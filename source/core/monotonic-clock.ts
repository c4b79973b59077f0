import process from 'node:process';

/**
Milliseconds on a clock that only moves forward, for durations (the difference of two
readings). performance.now() is the same clock, but Node loads perf_hooks at the first read
of the global `performance`, most of a millisecond of a `curlew run`'s start-up.
*/
export function monotonicMs(): number {
	return Number(process.hrtime.bigint()) / 1e6;
}
