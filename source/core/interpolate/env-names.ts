import {parseExpression} from './path.js';
import {findPlaceholders} from './scan.js';

/** The environment variables the placeholders of `text` read (`{{process.env.NAME}}`), added to `names`. */
export function addEnvNamesIn(text: string, names: Set<string>): void {
	if (!text.includes('process')) {
		return;
	}

	for (const {expression} of findPlaceholders(text)) {
		const parsed = parseExpression(expression);
		if (parsed.kind === 'env') {
			names.add(parsed.name);
		}
	}
}
