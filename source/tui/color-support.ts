/**
Whether to colour: no when NO_COLOR is set to anything non-empty (https://no-color.org).

Chalk, which Ink uses, ignores NO_COLOR, and turning chalk off would also drop inverse
and underline, which the editors need for their cursor. So components ask this and leave
out `color` props, keeping attributes that carry meaning without colour.
*/
export function colorsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
	return (env['NO_COLOR'] ?? '') === '';
}
