/**
How the variables pane marks a scope: a letter on each row, and a colour. A scope the pane has no letter for yet (the folder and request scopes come from
imported collections) shows its own first letter, so it is never hidden.
*/
import type {Scope} from '../../../core/scopes.js';

const tags: Readonly<Record<string, string>> = {collection: 'C', environment: 'E', runtime: 'R'};
const colors: Readonly<Record<string, string>> = {collection: 'blue', environment: 'magenta', runtime: 'yellow'};

export function scopeTag(scope: Scope): string {
	return tags[scope] ?? scope.slice(0, 1).toUpperCase();
}

export function scopeColor(scope: Scope): string {
	return colors[scope] ?? 'cyan';
}
