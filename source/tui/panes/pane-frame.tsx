/**
A pane's border and title: the focused pane's border is coloured (bold without colour),
so it is clear where keys go. The detail is most often a name, made visible (see visible-text).
*/
import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {oneLine} from '../../core/visible-text.js';
import {colorsEnabled} from '../color-support.js';

export type PaneFrameProps = {
	title: string;
	/** Shown after the title, dimmed. */
	detail?: string;
	focused: boolean;
	width: number;
	height: number;
	children: ReactNode;
};

export function PaneFrame({title, detail, focused, width, height, children}: PaneFrameProps) {
	const colors = colorsEnabled();
	return (
		<Box
			flexDirection="column"
			width={width}
			height={height}
			borderStyle={focused ? 'bold' : 'round'}
			borderColor={colors ? (focused ? 'cyan' : 'gray') : undefined}
			paddingX={0}
			overflow="hidden"
		>
			<Text wrap="truncate-end">
				<Text bold inverse={focused && !colors} color={focused && colors ? 'cyan' : undefined}>{oneLine(title)}</Text>
				{detail ? <Text dimColor> {oneLine(detail)}</Text> : null}
			</Text>
			{children}
		</Box>
	);
}

/** Rows a pane has for its content: the border and the title take three. */
export function contentRows(height: number): number {
	return Math.max(1, height - 3);
}
