/*
A post-response script that sets a number read from the body (`res.body.id`,
`pm.response.json().id`) gets it already rounded when it is beyond ±(2^53 − 1): JSON parsing
made 12345678901234567890 into 12345678901234567000 before the script saw it. setVar refuses
such a number; this says where its digits still are, and how to take them as text.
*/
import {inexactNumbersIn} from '../values.js';

/**
The sentences to add to setVar's refusal when `responseText` has a number literal that JSON
parsing rounds to one of `inexact`; '' when it has none.
*/
export function roundedNumberHint(responseText: string, inexact: readonly number[]): string {
	if (inexact.length === 0) {
		return '';
	}

	const rounded = new Set(inexact);
	const literal = inexactNumbersIn(responseText).find(candidate => rounded.has(Number(candidate)));
	if (literal === undefined) {
		return '';
	}

	const example = textMatchExample(responseText, literal);
	return `. The response's body has ${literal}, which reading it as JSON (res.body, pm.response.json()) rounded: take its digits from the body's text as a string (res.text, pm.response.text())${example === undefined ? '' : `, e.g. ${example}`}`;
}

/**
A line that reads `literal`'s digits from the text by the key it stands under, when the
first match of that line in this very text gives them (a key used once, or first there).
*/
function textMatchExample(text: string, literal: string): string | undefined {
	if (!/^-?\d+$/.test(literal)) {
		return undefined;
	}

	const key = new RegExp(`"([\\w-]+)"\\s*:\\s*${literal}(?![\\d.eE])`).exec(text)?.[1];
	if (key === undefined || new RegExp(`"${key}"\\s*:\\s*(-?\\d+)`).exec(text)?.[1] !== literal) {
		return undefined;
	}

	return `res.text.match(/"${key}"\\s*:\\s*(-?\\d+)/)[1]`;
}
