/*
A script's console output as the host keeps it: the lines the sandbox sends, up to the caps
the prelude keeps (see writer in sandbox/prelude.js) and held here again against a script that
defeats the prelude's, then one closing line that says how much was left out. Test results
(pm.test, Bruno's test) have their own budget, so no amount of logging hides a failed test.
*/
import {formatSize} from '../http/format-size.js';
import {maxLogChars, maxLogLines} from './sandbox-constants.js';
import type {DroppedOutput} from './sandbox.js';
import type {LogEntry, LogLevel} from './types.js';

const logLevels = new Set<string>(['log', 'info', 'warn', 'error']);

type Budget = {lines: number; chars: number; droppedLines: number; droppedBytes: number; droppedFailures: number};

const caps = `${maxLogLines.toLocaleString('en-US')} lines or ${maxLogChars.toLocaleString('en-US')} characters`;

export class ScriptOutput {
	readonly logs: LogEntry[] = [];
	private readonly console = emptyBudget();
	private readonly tests = emptyBudget();

	constructor(private readonly source: string) {}

	/** A line as the sandbox sends it: a test's result comes as level test-passed or test-failed. */
	add(level: string, text: string): void {
		const test = level === 'test-passed' || level === 'test-failed';
		const budget = test ? this.tests : this.console;
		if (budget.lines >= maxLogLines || budget.chars + text.length > maxLogChars) {
			budget.droppedLines++;
			budget.droppedBytes += Buffer.byteLength(text);
			budget.droppedFailures += level === 'test-failed' ? 1 : 0;
			return;
		}

		budget.lines++;
		budget.chars += text.length;
		this.logs.push(logEntry(level, text, this.source));
	}

	/**
	Adds the closing lines: what the sandbox counted as left out (`dropped`), with what was
	left out here. A script stopped from outside could not count: its output at the cap says so.
	*/
	close(dropped: DroppedOutput | undefined, stopped: boolean): void {
		const consoleLeft = {lines: this.console.droppedLines + (dropped?.console.lines ?? 0), bytes: this.console.droppedBytes + (dropped?.console.bytes ?? 0)};
		if (consoleLeft.lines > 0 || consoleLeft.bytes > 0) {
			const more = consoleLeft.lines > 0 ? ` in ${count(consoleLeft.lines, 'more line')}` : '';
			this.closing('warn', `Console output past ${caps} was left out: ${formatSize(consoleLeft.bytes)}${more}`);
		} else if (stopped && atCap(this.console)) {
			this.closing('warn', `Console output reached its cap of ${caps}; what followed was not counted, as the script was stopped`);
		}

		const testsLeft = {
			lines: this.tests.droppedLines + (dropped?.tests.lines ?? 0),
			bytes: this.tests.droppedBytes + (dropped?.tests.bytes ?? 0),
			failures: this.tests.droppedFailures + (dropped?.tests.failures ?? 0),
		};
		if (testsLeft.lines > 0 || testsLeft.bytes > 0) {
			const failed = testsLeft.failures > 0 ? `, ${testsLeft.failures.toLocaleString('en-US')} of them failed` : '';
			this.closing(testsLeft.failures > 0 ? 'error' : 'warn', `Test results past ${caps} were left out: ${formatSize(testsLeft.bytes)} in ${count(testsLeft.lines, 'result')}${failed}`);
		}
	}

	private closing(level: LogLevel, text: string): void {
		this.logs.push({level, text, source: this.source});
	}
}

function emptyBudget(): Budget {
	return {lines: 0, chars: 0, droppedLines: 0, droppedBytes: 0, droppedFailures: 0};
}

function atCap(budget: Budget): boolean {
	return budget.lines >= maxLogLines || budget.chars >= maxLogChars;
}

function count(number: number, noun: string): string {
	return `${number.toLocaleString('en-US')} ${noun}${number === 1 ? '' : 's'}`;
}

function logEntry(level: string, text: string, source: string): LogEntry {
	if (level === 'test-passed' || level === 'test-failed') {
		return level === 'test-passed' ? {level: 'log', text, source, test: 'passed'} : {level: 'error', text, source, test: 'failed'};
	}

	return {level: logLevels.has(level) ? level as LogLevel : 'log', text, source};
}
