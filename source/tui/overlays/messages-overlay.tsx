/**
The `!` overlay: the messages of this session, the last first, each whole (the status bar
cuts a message to its one row, and the next key dismisses it), in a pager.
*/
import {useMemo} from 'react';
import {Text} from 'ink';
import {makeVisible} from '../../core/visible-text.js';
import type {Message, Tone} from '../app-state.js';
import {colorsEnabled} from '../color-support.js';
import {toneColors, toneSigns} from '../message-tone.js';
import {columnWidth} from '../panes/response/columns.js';
import {wrapText} from '../wrap-text.js';
import {Pager, type PagerProps} from './pager.js';

export type MessagesOverlayProps = Pick<PagerProps, 'width' | 'height' | 'top'> & {
	/** The oldest first, as the app keeps them. */
	messages: readonly Message[];
};

/** A row of the overlay; a message's rows have its tone. */
export type MessageRow = {readonly text: string; readonly tone?: Tone; readonly title?: true};

/**
The overlay's rows in `width` cells: a title, then each message, the last first, its sign
(⚠, ✖) on its first row and its text wrapped under it, a blank row between messages. A
line break in a message breaks its row, and control characters show as their pictures.
*/
export function messageRows(messages: readonly Message[], width: number): MessageRow[] {
	if (messages.length === 0) {
		return [{text: 'No messages yet: what curlew says in the status bar is kept here for the session.'}];
	}

	const rows: MessageRow[] = [{text: 'Messages of this session, the last first', title: true}];
	for (const {text, tone} of messages.toReversed()) {
		const sign = toneSigns[tone];
		const indent = ' '.repeat(columnWidth(sign));
		rows.push({text: ''});
		rows.push(...wrapText(makeVisible(text), width - indent.length).map((row, index) => ({text: (index === 0 ? sign : indent) + row, tone})));
	}

	return rows;
}

export function MessagesOverlay({messages, width, height, top}: MessagesOverlayProps) {
	const colors = colorsEnabled();
	// Inside the border (2 columns) and the padding (2).
	const rows = useMemo(() => messageRows(messages, width - 4), [messages, width]);
	const renderRow = (index: number) => {
		const row = rows[index]!;
		// An empty Text takes no row: a space keeps the gap between messages.
		return <Text bold={row.title ?? row.tone === 'error'} color={colors && row.tone !== undefined ? toneColors[row.tone] : undefined}>{row.text === '' ? ' ' : row.text}</Text>;
	};

	return <Pager rows={rows.length} renderRow={renderRow} opener="app.messages" top={top} width={width} height={height}/>;
}
