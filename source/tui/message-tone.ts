/** How a message's tone shows, in the status bar and in the messages overlay: a colour, and a sign that says it without colour. */
import type {Tone} from './app-state.js';

export const toneColors: Readonly<Record<Tone, string>> = {info: 'green', warning: 'yellow', error: 'red'};

export const toneSigns: Readonly<Record<Tone, string>> = {info: '', warning: '⚠ ', error: '✖ '};
