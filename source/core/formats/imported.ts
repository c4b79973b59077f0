/**
What an import reads from a file of another tool, before anything is stored: the collection
(or environment) and notes, one line each, on what was left out or needs porting. A note is
never a reason to refuse the file; a FieldError is.
*/
import type {Collection, Variable} from '../model.js';

export type ImportedCollection = {collection: Collection; notes: string[]};

export type ImportedEnvironment = {environment: {name: string; variables: Variable[]}; notes: string[]};
