/** A store operation that cannot be done: the message says why and what to do. */
export class StoreError extends Error {
	override name = 'StoreError';
}
