import stringWidth from 'string-width';

const segmenter = new Intl.Segmenter();

/** The part of a drawn row from cell `start`, `width` cells long, as the terminal shows it. */
export function cellSlice(row: string, start: number, width: number): string {
	let cell = 0;
	let text = '';
	for (const {segment} of segmenter.segment(row)) {
		const cells = stringWidth(segment);
		if (cell >= start && cell + cells <= start + width) {
			text += segment;
		}

		cell += cells;
	}

	return text;
}
