import type {EffectiveVariable} from '../../../core/scopes.js';
import {kindOf} from '../../../core/values.js';
import {oneLine} from '../../../core/visible-text.js';
import {scopeLabel} from './edited-elsewhere.js';

/** What a variable is, in a line: `environment · string · hides collection's`. */
export function describe(variable: EffectiveVariable): string {
	const parts: string[] = [oneLine(scopeLabel(variable)), kindOf(variable.value)];
	if (variable.secret) {
		parts.push('secret');
	}

	if (variable.hidden.length > 0) {
		parts.push(`hides ${variable.hidden.map(hidden => oneLine(scopeLabel(hidden))).join(', ')}'s`);
	}

	return parts.join(' · ');
}
