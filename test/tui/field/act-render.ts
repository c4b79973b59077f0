/**
ink-testing-library wrapped in React's `act`, so that effects (and with them the
`useInput` listeners) are in place before the first write, and every frame read after a
write shows that write's result. No timers: a write is followed only by one turn of the
event loop, which is when Ink hands over a lone Escape it held back to see whether an
escape sequence follows.
*/
import {act, type ReactElement} from 'react';
import {cleanup, render} from 'ink-testing-library';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

export type Rendered = ReturnType<typeof render> & {
	/** Writes one stdin chunk, as a terminal or SSH would deliver it, and settles the frame. */
	write: (chunk: string) => Promise<void>;
	rerenderWith: (tree: ReactElement) => Promise<void>;
};

export async function renderWithAct(tree: ReactElement): Promise<Rendered> {
	let instance: ReturnType<typeof render> | undefined;
	await act(async () => {
		instance = render(tree);
	});
	const rendered = instance!;
	return {
		...rendered,
		async write(chunk: string) {
			await act(async () => {
				rendered.stdin.write(chunk);
				await new Promise(resolve => {
					setImmediate(resolve);
				});
			});
		},
		async rerenderWith(tree: ReactElement) {
			await act(async () => {
				rendered.rerender(tree);
			});
		},
	};
}

/** Unmounts every rendered tree; call it from `afterEach`. */
export async function cleanupWithAct(): Promise<void> {
	await act(async () => {
		cleanup();
	});
}
