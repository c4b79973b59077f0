import type {KeyFiller} from './bulk.js';
import type {Problem} from './problem.js';
import type {Position} from './render.js';
import type {Finding, KeyText, Resolver, Sink} from './resolver.js';
import type {Place, ScanTarget} from './scan.js';

/** Fills the placeholders of the template itself; problems point at them by offset. */
export class TemplateTarget implements ScanTarget, Sink, KeyFiller {
	readonly problems: Problem[] = [];

	constructor(private readonly resolver: Resolver) {}

	fill(expression: string, offset: number, place: Place): string {
		return this.resolver.fill(expression, place, offset, this);
	}

	fillEverywhere(expression: string, position: Position): KeyText | undefined {
		return this.resolver.fillEverywhere(expression, position);
	}

	fillAt(expression: string, offset: number, position: Position): void {
		this.resolver.fill(expression, {position: () => position}, offset, this);
	}

	unterminated(raw: string, offset: number, reason: string): void {
		this.problems.push({kind: 'invalid-placeholder', placeholder: raw, offset, via: [], message: `${raw}: the placeholder is unterminated: ${reason}`});
	}

	report(finding: Finding, offset: number): void {
		this.problems.push({...finding, offset, via: []});
	}

	use(name: string, offset = 0): void {
		for (const problem of this.resolver.inheritedProblems(name, offset)) {
			this.problems.push(problem);
		}
	}
}

/** The text one placeholder of a template was filled with. */
export type Fill = {
	/** Where the placeholder starts in the template. */
	offset: number;
	/** The placeholder as written, braces included. */
	placeholder: string;
	/** What it was filled with: the placeholder itself when it could not be. */
	text: string;
};

/** A TemplateTarget that also keeps what each placeholder of the template was filled with. */
export class RecordingTemplateTarget extends TemplateTarget {
	readonly fills: Fill[] = [];

	override fill(expression: string, offset: number, place: Place): string {
		const text = super.fill(expression, offset, place);
		this.fills.push({offset, placeholder: `{{${expression}}}`, text});
		return text;
	}
}
