/**
A body still arriving: its start, shown as it comes. The send hands each chunk over (see
Session's `onBodyChunk`); the runner gathers the first `previewBytes` and puts them in the
state a few times a second, so a body that streams in costs no render per chunk.
*/
import type {ResponseHead} from '../../../core/http/types.js';

export type ArrivingBody = {
	requestId: string;
	head: ResponseHead;
	/** The start of the body, as far as it has come, up to `previewBytes`. */
	start: Uint8Array;
};
