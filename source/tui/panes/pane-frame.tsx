/**
A pane's border and title: the focused pane's border is coloured (bold without colour),
so it is clear where keys go. The detail is most often a name, made visible (see visible-text).
A pane drawn alone (zoomed, or on a small terminal) is bare: its content only, the status
bar shows its title.
*/
import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {oneLine} from '../../core/visible-text.js';
import {colorsEnabled} from '../color-support.js';

/** How the layout draws a pane: its size, whether it has the keyboard, whether it is bare. */
export type PaneProps = {
	width: number;
	height: number;
	focused: boolean;
	/** Drawn alone: no border, no title row. */
	bare: boolean;
	/** Shown at the end of the title row, dimmed: the folded pane one key away. */
	aside?: string;
};

export type PaneFrameProps = Omit<PaneProps, 'focused'> & {
	title: string;
	/** Shown after the title, dimmed. */
	detail?: string;
	focused: boolean;
	children: ReactNode;
};

export function PaneFrame({title, detail, focused, width, height, bare, aside, children}: PaneFrameProps) {
	const colors = colorsEnabled();
	if (bare) {
		return <Box flexDirection="column" width={width} height={height} overflow="hidden">{children}</Box>;
	}

	const heading = (
		<Text wrap="truncate-end">
			<Text bold inverse={focused && !colors} color={focused && colors ? 'cyan' : undefined}>{oneLine(title)}</Text>
			{detail ? <Text dimColor> {oneLine(detail)}</Text> : null}
		</Text>
	);
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
			{/* A pane squeezed to a few rows keeps its title: its content is cut at the bottom. */}
			<Box height={1} flexShrink={0}>
				{aside === undefined ? heading : (
					<>
						<Box flexGrow={1} flexShrink={1}>{heading}</Box>
						<Box flexShrink={0}><Text dimColor> {aside}</Text></Box>
					</>
				)}
			</Box>
			{children}
		</Box>
	);
}

