import {afterEach, describe, expect, it} from 'vitest';
import {Text} from 'ink';
import {useKeyPresses, type KeyPress} from '../../source/tui/keys.js';
import {cleanupWithAct, renderWithAct} from './field/act-render.js';

afterEach(cleanupWithAct);

function Recorder({onKeys, isActive}: {onKeys: (presses: KeyPress[]) => void; isActive?: boolean}) {
	useKeyPresses(onKeys, {isActive});
	return <Text>ready</Text>;
}

/** What each chunk, written to stdin as a terminal would, turns into. */
async function pressesPerChunk(...chunks: string[]): Promise<KeyPress[][]> {
	const presses: KeyPress[] = [];
	const rendered = await renderWithAct(<Recorder onKeys={keys => presses.push(...keys)}/>);
	const perChunk: KeyPress[][] = [];
	for (const chunk of chunks) {
		await rendered.write(chunk);
		perChunk.push(presses.splice(0));
	}

	return perChunk;
}

describe('useKeyPresses', () => {
	it('hands over every key of a chunk at once, in order', async () => {
		const [presses] = await pressesPerChunk('ab\u007Fc\u001B[D\u001B[3~\r');
		expect(presses!.map(press => press.name)).toEqual(['a', 'b', 'backspace', 'c', 'left', 'delete', 'return']);
	});

	it('reads a lone ESC as the Esc key once nothing more came, in the same turn of input', async () => {
		expect(await pressesPerChunk('\u001B', 'x')).toEqual([[{name: 'escape', text: ''}], [{name: 'x', text: 'x'}]]);
	});

	it('marks the keys of a paste as pasted, also across chunks, and not the keys after it', async () => {
		const [first, second] = await pressesPerChunk('x\u001B[200~a', 'q\r\u001B[201~c');
		expect(first).toEqual([{name: 'x', text: 'x'}, {name: 'a', text: 'a', pasted: true}]);
		expect(second).toEqual([{name: 'q', text: 'q', pasted: true}, {name: 'return', text: '', pasted: true}, {name: 'c', text: 'c'}]);
	});

	it('tells a handler that starts listening inside a paste that its keys are pasted', async () => {
		const late: KeyPress[] = [];
		const tree = (isActive: boolean) => (
			<>
				<Recorder onKeys={() => undefined}/>
				<Recorder isActive={isActive} onKeys={keys => late.push(...keys)}/>
			</>
		);
		const rendered = await renderWithAct(tree(false));
		await rendered.write('\u001B[200~a');
		await rendered.rerenderWith(tree(true));
		await rendered.write('b\u001B[201~c');
		expect(late).toEqual([{name: 'b', text: 'b', pasted: true}, {name: 'c', text: 'c'}]);
	});
});
