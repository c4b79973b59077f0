import {render} from 'ink-testing-library';
import {act, useRef} from 'react';
import {useKeyPresses} from '../../../source/tui/keys.js';
import {ResponsePane, type ResponseKeysRef, type ResponsePaneProps} from '../../../source/tui/response/response-pane.js';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

export type Pane = {
	frame(): string;
	/** Writes to stdin in one chunk, as SSH delivers a burst of keys, and waits for React to finish. */
	press(keys: string): Promise<void>;
	rerender(props: Partial<ResponsePaneProps>): Promise<void>;
	/** Everything written to stdout, frames and raw writes alike. */
	output(): string[];
	unmount(): void;
};

/** The pane with the app's part in miniature: every key is handed to it, in order. */
function FocusedPane(props: ResponsePaneProps) {
	const keys: ResponseKeysRef = useRef(undefined);
	useKeyPresses(presses => {
		for (const press of presses) {
			keys.current?.(press);
		}
	});
	return <ResponsePane {...props} keysRef={keys}/>;
}

export async function renderPane(props: Partial<ResponsePaneProps>): Promise<Pane> {
	let current: ResponsePaneProps = {height: 12, width: 70, ...props};
	let instance!: ReturnType<typeof render>;
	await act(async () => {
		instance = render(<FocusedPane {...current}/>);
	});
	return {
		frame: () => instance.lastFrame() ?? '',
		async press(keys) {
			await act(async () => {
				instance.stdin.write(keys);
			});
		},
		async rerender(next) {
			current = {...current, ...next};
			await act(async () => {
				instance.rerender(<FocusedPane {...current}/>);
			});
		},
		output: () => instance.stdout.frames,
		unmount: () => {
			instance.unmount();
		},
	};
}
