import {exportCollection} from '../core/formats/import-export.js';
import type {Store} from '../core/store/store.js';
import {UsageError} from './parse-var.js';

export const exportFormats = ['curlew'] as const;

/** The collection as a file's text; secret values are left out. */
export function exportCommand(store: Store, name: string, format: string): string {
	if (!(exportFormats as readonly string[]).includes(format)) {
		throw new UsageError(`--format ${format} is not a format curlew writes: use ${exportFormats.join(', ')}`);
	}

	return exportCollection(store, name);
}
