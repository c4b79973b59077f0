/**
How the variables pane marks a scope: a letter on each row, and a colour. A scope without a
letter of its own would show its first letter, so it is never hidden.
*/
import type {Scope} from '../../../core/scopes.js';

const tags: Readonly<Record<string, string>> = {collection: 'C', environment: 'E', folder: 'F', request: 'Q', runtime: 'R'};
const colors: Readonly<Record<string, string>> = {collection: 'blue', environment: 'magenta', folder: 'green', request: 'cyan', runtime: 'yellow'};

export function scopeTag(scope: Scope): string {
	return tags[scope] ?? scope.slice(0, 1).toUpperCase();
}

export function scopeColor(scope: Scope): string {
	return colors[scope] ?? 'cyan';
}
