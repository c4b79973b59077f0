/*
The host's figures and names that the script API inside the sandbox works with (see
sandbox/prelude.js), handed to it as each context is prepared: one source for both sides.
*/
import {httpMethods} from '../model.js';
import {maxValueDepth} from '../values.js';
import {loopMark, throwMark} from './line-marks.js';
import {libraryNames} from './library-names.js';
import {maxWireChars, tagLikeKey} from './wire.js';

/** Most text a script may log in one run; past it, or past maxLogLines, one line says how much was left out. */
export const maxLogChars = 1_000_000;
/** Most console calls a script's output keeps in one run. */
export const maxLogLines = 10_000;

export const sandboxConstants = {
	maxLogChars,
	maxLogLines,
	maxValueDepth,
	maxWireChars,
	maxWireCharsText: maxWireChars.toLocaleString('en-US'),
	tagLikeKey: tagLikeKey.source,
	loopMark,
	throwMark,
	httpMethods,
	libraryNames,
};
