/** What the app's state says of variables: the kinds a value is edited as, where an edit goes, and which variable a row is. */
import type {Scope} from '../../../core/scopes.js';
import type {Value} from '../../../core/values.js';

/** The kinds a variable is edited as; JSON covers objects and arrays (and null). */
export const editableKinds = ['string', 'number', 'boolean', 'json', 'date'] as const;
export type EditableKind = typeof editableKinds[number];

/** A step into a value: a key of an object, an index of an array. */
export type ValueKey = string | number;

export type VariableTarget = {
	collectionId: string;
	scope: Scope;
	/** Set for the environment scope. */
	environmentId?: string;
	name: string;
	/** The part of the value edited, from the inspector: `['address', 'city']`. None is the whole value. */
	path?: readonly ValueKey[];
	isNew: boolean;
	secret?: boolean;
	/**
	The value stored when its prompt opened (none for a new variable): a value another window
	stored since is a conflict (see edit-conflict.ts). A runtime one's is not compared (the
	session is this window's alone), only edited in when the path names a part of it.
	*/
	opened?: Value;
};

/** A variable of the variables pane, known by where it lives and its name, not by its row. */
export type VariableKey = {scope: Scope; name: string};

/**
The variables pane's inspector, open on the selected variable: `line` is the line of its value
the keys act on, `top` the first row shown (its header rows included).
*/
export type InspectorState = {line: number; top: number};
