/*
Postman's list of headers (a PropertyList of {key, value}), as pm.request.headers and
pm.response.headers offer it: reads by name (any case), the list's iteration helpers, and, for a
request's headers, the edits. Built over `pairs()`, the headers as [name, value] pairs in order.
*/
export function headerList({pairs, edits = {}, format}) {
	const lower = name => String(name).toLowerCase();
	const entries = () => pairs().map(([key, value]) => ({key, value}));
	const named = name => entries().filter(header => lower(header.key) === lower(name));
	return {
		get(name) {
			const found = named(name);
			return found.length === 0 ? undefined : found.map(header => header.value).join(', ');
		},
		has(name, value) {
			const found = named(name);
			return value === undefined ? found.length > 0 : found.some(header => header.value === value);
		},
		one: name => named(name)[0],
		all: entries,
		count: () => pairs().length,
		idx: index => entries()[index],
		// Like Postman's, keyed by the name in lower case (a header list is case-insensitive)
		// unless asked otherwise; a repeated header keeps its last value.
		toObject(excludeDisabled, caseSensitive) {
			const object = {};
			for (const {key, value} of entries()) {
				object[caseSensitive ? key : lower(key)] = value;
			}

			return object;
		},
		each(callback) {
			entries().forEach(header => callback(header));
		},
		map: callback => entries().map(header => callback(header)),
		filter: callback => entries().filter(header => callback(header)),
		find: callback => entries().find(header => callback(header)),
		reduce: (callback, initial) => entries().reduce((accumulator, header) => callback(accumulator, header), initial),
		toJSON: entries,
		toString: () => entries().map(({key, value}) => key + ': ' + value).join('\n') + (pairs().length > 0 ? '\n' : ''),
		inspect: () => format(entries()),
		...edits,
	};
}
