/**
The keys that arrange the panes: zoom, request and response side by side or stacked, and
the split between them. What they choose is remembered between runs (see remembered-view.ts).
*/
import {keyLabel, keysFor, type Command} from './keymap.js';
import {layoutOf, minimumSideBySideColumns, requestShareLimits} from './layout.js';
import type {Step} from './pipeline/step.js';

export type LayoutCommand = Extract<Command, `layout.${string}`>;

export function isLayoutCommand(command: Command): command is LayoutCommand {
	return command.startsWith('layout.');
}

export function layoutCommand(step: Step, command: LayoutCommand): void {
	const {state} = step;
	const {arrangement} = state;
	const layout = layoutOf(state);
	switch (command) {
		case 'layout.zoom': {
			if (layout.kind === 'single') {
				step.say(`One pane at a time at this size: ${paneKeys} switch`);
				return;
			}

			step.dispatch({type: 'arrange', arrangement: {...arrangement, zoomed: !arrangement.zoomed}});
			return;
		}

		case 'layout.sideBySide': {
			const sideBySide = !arrangement.sideBySide;
			step.dispatch({type: 'arrange', arrangement: {...arrangement, sideBySide}});
			const shown = layoutOf(step.state);
			if (!sideBySide || shown.sideBySide) {
				return;
			}

			step.say(shown.alone
				? 'Request and response go side by side once they show together'
				: `Side by side needs ${minimumSideBySideColumns * 2} columns for request and response: ${shown.panes.request.width} here`);
			return;
		}

		case 'layout.grow':
		case 'layout.shrink': {
			if (layout.alone) {
				step.say(`One pane is shown: the split between request and response moves once they show together${layout.kind === 'single' ? '' : ` (${zoomKey})`}`);
				return;
			}

			// Growing the request or shrinking the response moves the split the same way.
			const towardsResponse = (command === 'layout.grow') === (state.focus === 'response');
			const moved = arrangement.requestShare + (towardsResponse ? -requestShareLimits.step : requestShareLimits.step);
			const requestShare = Math.round(Math.min(requestShareLimits.max, Math.max(requestShareLimits.min, moved)) * 100) / 100;
			if (requestShare !== arrangement.requestShare) {
				step.dispatch({type: 'arrange', arrangement: {...arrangement, requestShare}});
			}
		}
	}
}

const paneKeys = `${keyLabel(keysFor('focus.next')[0]!)} and 1-4`;
const zoomKey = keyLabel(keysFor('layout.zoom')[0]!);
