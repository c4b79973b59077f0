/** The types the app's state container and its services are known by, apart from the container itself. */
import type {Session, SendOutcome} from '../../core/session/session.js';
import type {Store} from '../../core/store/store.js';
import type {AppAction, AppState} from '../app-state.js';

export type TuiState = AppState<SendOutcome>;
export type TuiAction = AppAction<SendOutcome>;

export type TerminalHandover = {
	suspend: () => void;
	resume: () => void;
	/** Stops curlew for the shell's job control (ctrl+z) and takes the screen back when it continues. */
	stopForShell?: () => void;
	/**
	The app gives the way to draw its whole frame again, which a screen taken back needs when
	nothing in it changed; returns a function that takes it back.
	*/
	setRedraw?: (redraw: () => void) => () => void;
};

export type TuiServices = {
	store: Store;
	session: Session;
	/** Read for EDITOR, VISUAL, NO_COLOR and `{{process.env.NAME}}`. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** Hands the terminal to a child program (the external editor) and takes it back. */
	terminal?: TerminalHandover;
};

export type AppContainer = {
	getState: () => TuiState;
	dispatch: (action: TuiAction) => void;
	/** Puts a state the key pipeline worked out in place. */
	setState: (state: TuiState) => void;
	subscribe: (listener: () => void) => () => void;
};

