/**
What one key (or one finished effect) does: the next state, worked out from the state as the
keys before left it, and the effects to perform after, as data. Building a step changes
nothing outside it: the effect runner performs what it asks for.
*/
import {appReducer, type Tone} from '../app-state.js';
import type {TuiAction, TuiState} from '../app-context.js';
import type {Effect} from './effect.js';

export class Step {
	readonly effects: Effect[] = [];

	constructor(public state: TuiState) {}

	dispatch(action: TuiAction): void {
		this.state = appReducer(this.state, action);
	}

	effect(effect: Effect): void {
		this.effects.push(effect);
	}

	say(text: string, tone: Tone = 'info'): void {
		this.dispatch({type: 'message', text, tone});
	}
}
