/**
A field alone, as the app gives it the keyboard: the terminal's chunks are read and parsed
by the app's key reader, each key goes through the field's keys (`field/field-keys.ts`) until
its owner closes it (Enter, Esc, as the app's fields do), and the keys after that are the
host's (`handedOn`), as they would be the app's. It is drawn by the app's field view.
*/
import {useReducer} from 'react';
import {createField, type FieldState} from '../../../source/tui/app-state.js';
import type {PlaceholderState} from '../../../source/tui/field/editor-row.js';
import {fieldKey} from '../../../source/tui/field/field-keys.js';
import {FieldView} from '../../../source/tui/field/field-view.js';
import {useKeyPresses, type KeyPress} from '../../../source/tui/keys.js';
import type {Command, Pane} from '../../../source/tui/keymap.js';
import {textOf} from '../../../source/tui/text-buffer.js';
import {renderWithAct, type Rendered} from './act-render.js';

export type FieldHostProps = {
	value: string;
	singleLine: boolean;
	width: number;
	height: number;
	pane?: Pane;
	masked?: boolean;
	hint?: string;
	placeholderState?: (expression: string) => PlaceholderState;
	/** After each chunk that changed the text. */
	onChange?: (text: string) => void;
	/** Esc, with the final text; `close` gives the keyboard back to the host. */
	onLeave: (text: string, close: () => void) => void;
	/** Enter in a one-line field. Default: `onLeave`. */
	onSubmit?: (text: string, close: () => void) => void;
	onCommand?: (command: Command, text: string) => void;
};

export type RenderedField = Rendered & {
	/** The keys that reached the host after the field closed. */
	handedOn: KeyPress[];
};

export async function renderField(props: FieldHostProps): Promise<RenderedField> {
	let field: FieldState = createField(props.value, props.singleLine);
	let open = true;
	const handedOn: KeyPress[] = [];
	const close = () => {
		open = false;
	};

	const take = (presses: readonly KeyPress[]) => {
		const before = field.buffer.lines;
		const changed = () => {
			if (field.buffer.lines !== before && props.onChange !== undefined) {
				props.onChange(textOf(field.buffer));
			}
		};

		for (const [index, press] of presses.entries()) {
			if (!open) {
				handedOn.push(...presses.slice(index));
				return;
			}

			const result = fieldKey(field, press, {singleLine: props.singleLine, pane: props.pane ?? 'request', box: {width: props.width, height: props.height}});
			field = result.field;
			if (result.kind === 'typed') {
				continue;
			}

			changed();
			const text = textOf(field.buffer);
			// The keys after a command, or after an Enter the owner refused, are a turn of their own: the field is still open.
			const rest = [...(result.kind === 'leave' && result.next !== undefined ? [result.next] : []), ...presses.slice(index + 1)];
			if (result.kind === 'command') {
				props.onCommand?.(result.command, text);
			} else {
				(result.kind === 'submit' ? props.onSubmit ?? props.onLeave : props.onLeave)(text, close);
			}

			if (open) {
				take(rest);
			} else {
				handedOn.push(...rest);
			}

			return;
		}

		changed();
	};

	function Host() {
		const [, redraw] = useReducer((count: number) => count + 1, 0);
		useKeyPresses(presses => {
			take(presses);
			redraw();
		});
		return <FieldView field={field} box={{width: props.width, height: props.height}} masked={props.masked} hint={props.hint} placeholderState={props.placeholderState}/>;
	}

	const rendered = await renderWithAct(<Host/>);
	return {...rendered, handedOn};
}
