/**
A field rendered alone, with the keyboard the app would give it (`keyboard.ts`): it has the
keyboard until `close` is called, as the app's mode would say, and the keys after that
are the host's (`handedOn`), as they would be the app's.
*/
import type {ReactElement, ReactNode} from 'react';
import {createKeyboard, KeyboardProvider} from '../../../source/tui/keyboard.js';
import {useKeyPresses, type KeyPress} from '../../../source/tui/keys.js';
import {renderWithAct, type Rendered} from './act-render.js';

export type RenderedField = Rendered & {
	/** The keys that reached the host after the field closed. */
	handedOn: KeyPress[];
	/** The field's owner closes it: the keys from then on are the host's. */
	close: () => void;
};

/** Renders the field `field(close)` gives: its owner calls `close` when it closes the field (Enter, Esc). */
export async function renderField(field: (close: () => void) => ReactElement): Promise<RenderedField> {
	let open = true;
	const close = () => {
		open = false;
	};

	const handedOn: KeyPress[] = [];
	const keyboard = createKeyboard({
		ownerNow: () => open ? 'field' : undefined,
		unowned(press) {
			handedOn.push(press);
		},
	});
	const onPresses = (presses: readonly KeyPress[]) => {
		keyboard.press(presses);
	};

	function Host({children}: {children: ReactNode}) {
		useKeyPresses(onPresses);
		return <KeyboardProvider value={keyboard}>{children}</KeyboardProvider>;
	}

	const rendered = await renderWithAct(<Host>{field(close)}</Host>);
	return {
		...rendered,
		handedOn,
		close,
		rerenderWith: async tree => rendered.rerenderWith(<Host>{tree}</Host>),
	};
}
