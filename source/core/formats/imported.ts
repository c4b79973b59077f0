/**
What an import reads from a file of another tool, before anything is stored: the collection
(or environment) and notes, one line each, on what was left out or needs porting. A note is
never a reason to refuse the file; a FieldError is.
*/
import type {Collection, Variable} from '../model.js';
import type {SettingSources} from './settings-notes.js';

/** `settingSources`: how the file wrote the settings it set, for the notes on those that weaken a guard. */
export type ImportedCollection = {collection: Collection; notes: string[]; settingSources?: SettingSources};

export type ImportedEnvironment = {environment: {name: string; variables: Variable[]}; notes: string[]};
