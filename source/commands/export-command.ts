import {serializeCollection} from '../core/formats/curlew-format.js';
import {exportCollection} from '../core/formats/export-collection.js';
import {serializePostmanCollection} from '../core/formats/postman-format.js';
import type {Collection} from '../core/model.js';
import type {Store} from '../core/store/store.js';
import {UsageError} from './parse-var.js';

const serializers: Readonly<Record<string, (collection: Collection) => string>> = {
	curlew: serializeCollection,
	postman: serializePostmanCollection,
};

export const exportFormats = Object.keys(serializers);

/** The collection as a file's text in `format`; secret values are left out. */
export function exportCommand(store: Store, name: string, format: string): string {
	if (!Object.hasOwn(serializers, format)) {
		throw new UsageError(`--format ${format} is not a format curlew writes: use ${exportFormats.join(' or ')}`);
	}

	return exportCollection(store, name, serializers[format]);
}
