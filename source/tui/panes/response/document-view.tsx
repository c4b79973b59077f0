import {Box, Text} from 'ink';
import {rowSegments} from './highlight.js';
import {tokenColor} from './palette.js';
import {visibleRows, type ViewportState} from './viewport.js';

/** How a whole line looks, under the colours of its tokens. */
export type LineStyle = {color?: string; bold?: boolean};

type Props = {
	view: ViewportState;
	colors: boolean;
	/** The style of each line, by its index in the document. Default: none. */
	lineStyle?: (line: number) => LineStyle | undefined;
};

/** The rows of a document that fit the viewport, and only those. */
export function DocumentView({view, colors, lineStyle}: Props) {
	const rows = visibleRows(view);
	return (
		<Box flexDirection="column" height={view.height}>
			{rows.map(row => (
				<Text key={`${row.line}:${row.start}`} wrap="truncate" {...lineStyle?.(row.line)}>
					{/* An empty Text takes no row: the lines below a blank line would move up into it. */}
					{row.start === row.end ? ' ' : rowSegments(view.document, row.start, row.end, view.search).map((segment, index) => (
						<Text
							// Segments of one row never move, so their index is a stable key.
							key={index}
							color={tokenColor(segment.style, colors)}
							inverse={segment.match === 'current'}
							underline={segment.match === 'other'}
						>
							{segment.text}
						</Text>
					))}
				</Text>
			))}
		</Box>
	);
}
