import {serializeCollection} from '../core/formats/curlew-format.js';
import type {Store} from '../core/store/store.js';
import {UsageError} from './parse-var.js';
import {findCollectionOrThrow} from './run-command.js';

export const exportFormats = ['curlew'] as const;

/** The collection as a file's text; secret values are left out. */
export function exportCommand(store: Store, name: string, format: string): string {
	if (!(exportFormats as readonly string[]).includes(format)) {
		throw new UsageError(`--format ${format} is not a format curlew writes: use ${exportFormats.join(', ')}`);
	}

	return serializeCollection(findCollectionOrThrow(store, name));
}
