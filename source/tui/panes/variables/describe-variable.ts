import type {EffectiveVariable} from '../../../core/scopes.js';
import {kindOf} from '../../../core/values.js';

/** What a variable is, in a line: `environment · string · hides collection's`. */
export function describe(variable: EffectiveVariable): string {
	const parts: string[] = [variable.scope, kindOf(variable.value)];
	if (variable.secret) {
		parts.push('secret');
	}

	if (variable.hidden.length > 0) {
		parts.push(`hides ${variable.hidden.map(hidden => hidden.scope).join(', ')}'s`);
	}

	return parts.join(' · ');
}
