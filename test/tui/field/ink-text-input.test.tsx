/**
Why the prompts are the app's one field and not ink-text-input (DESIGN section 7 allows
ink-text-input only where a test shows it keeps a burst): it keeps a burst that arrives as
one chunk, but it loses keys when two chunks are read before React renders again (a busy
frame over SSH), and it inserts control characters that share a chunk with text.
*/
import {act, useState} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import TextInput from 'ink-text-input';
import {cleanupWithAct, renderWithAct} from './act-render.js';

afterEach(cleanupWithAct);

function Prompt({onValue}: {onValue: (value: string) => void}) {
	const [value, setValue] = useState('');
	return (
		<TextInput
			value={value}
			onChange={next => {
				setValue(next);
				onValue(next);
			}}
		/>
	);
}

async function prompt() {
	const values: string[] = [];
	const rendered = await renderWithAct(<Prompt onValue={value => values.push(value)}/>);
	return {...rendered, last: () => values.at(-1)};
}

describe('ink-text-input', () => {
	it('keeps a burst of typing that arrives in one chunk', async () => {
		const {write, last} = await prompt();
		await write('my request name');
		expect(last()).toBe('my request name');
	});

	it('loses the first of two chunks read before the next render', async () => {
		const {stdin, last} = await prompt();
		await act(async () => {
			stdin.write('abc');
			stdin.write('def');
		});
		expect(last()).toBe('def');
	});

	it('inserts a backspace that shares a chunk with text instead of deleting', async () => {
		const {write, last} = await prompt();
		await write('ab\u007Fc');
		expect(last()).toBe('ab\u007Fc');
	});
});
