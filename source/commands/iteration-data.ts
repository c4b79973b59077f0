/**
A run's data file (`curlew run --data rows.csv`), one iteration per row, as newman's
`--iteration-data` and bru's `--csv-file-path`/`--json-file-path` read it: a CSV file whose
first line names the columns (its values are text, as there), or a JSON file holding an
array of objects (its values keep their type; a date may be written {"$date": "<ISO>"}).
*/
import {extname} from 'node:path';
import {readImportFile, newImportBudget} from '../core/formats/import-file.js';
import {parseJsonText} from '../core/formats/json-text.js';
import {describeJson} from '../core/formats/field-error.js';
import {readTypedJson, type Value} from '../core/values.js';
import {UsageError} from './parse-var.js';

export type IterationRow = Readonly<Record<string, Value>>;

/** The rows of the data file at `file`; a UsageError that names the file and says what is wrong with it. */
export async function readIterationData(file: string): Promise<IterationRow[]> {
	const kind = extname(file).toLowerCase();
	if (kind !== '.csv' && kind !== '.json') {
		throw new UsageError(`--data ${file}: curlew reads a data file as CSV or JSON by its name's ending: name it .csv or .json`);
	}

	let text: string;
	try {
		text = readImportFile(file, file, newImportBudget()).toString('utf8');
	} catch (error) {
		throw new UsageError(`--data ${(error as Error).message}`);
	}

	const rows = kind === '.csv' ? await csvRows(file, text) : jsonRows(file, text);
	if (rows.length === 0) {
		throw new UsageError(`--data ${file} has no rows: each row is an iteration of the run`);
	}

	return rows;
}

async function csvRows(file: string, text: string): Promise<IterationRow[]> {
	// Loaded with the first CSV file: most runs have none.
	const {parse} = await import('csv-parse/sync');
	let records: string[][];
	try {
		records = parse(text, {bom: true, skipEmptyLines: true}) as string[][];
	} catch (error) {
		throw new UsageError(`--data ${file} is not valid CSV: ${(error as Error).message}`);
	}

	const [columns = [], ...values] = records;
	const seen = new Set<string>();
	for (const [index, column] of columns.entries()) {
		if (column.trim() === '') {
			throw new UsageError(`--data ${file}: column ${index + 1} of the first line has no name: the first line names the columns, and each becomes a variable of its iteration`);
		}

		if (seen.has(column)) {
			throw new UsageError(`--data ${file}: the first line names the column ${JSON.stringify(column)} twice: give each column its own name`);
		}

		seen.add(column);
	}

	// Built entry by entry: a column named __proto__ is a column like any other.
	return values.map(row => Object.fromEntries(columns.map((column, index) => [column, row[index]!])));
}

function jsonRows(file: string, text: string): IterationRow[] {
	const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
	const reading = readTypedJson(body);
	if (!reading.ok) {
		if (reading.syntax) {
			try {
				parseJsonText(body);
			} catch (error) {
				throw new UsageError(`--data ${file}: ${(error as Error).message}`);
			}
		}

		throw new UsageError(`--data ${file}: ${reading.message}`);
	}

	const {value} = reading;
	if (!Array.isArray(value)) {
		throw new UsageError(`--data ${file} holds ${describeJson(value)}: a JSON data file holds an array of objects, one per iteration: [{"id": 1}, {"id": 2}]`);
	}

	return value.map((row, index) => {
		if (row === null || typeof row !== 'object' || Array.isArray(row) || row instanceof Date) {
			throw new UsageError(`--data ${file}: row ${index + 1} is ${row instanceof Date ? 'a date' : describeJson(row)}, not an object: each row is an object of the iteration's variables, {"id": 1}`);
		}

		return row;
	});
}
