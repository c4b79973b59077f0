/** What each editing command does to a text buffer: shared by every field that edits text. */
import type {Command} from './keymap.js';
import type {TextBufferAction} from './text-buffer.js';

export const editActions: Partial<Record<Command, TextBufferAction>> = {
	'edit.left': {type: 'left'},
	'edit.right': {type: 'right'},
	'edit.up': {type: 'up'},
	'edit.down': {type: 'down'},
	'edit.wordLeft': {type: 'wordLeft'},
	'edit.wordRight': {type: 'wordRight'},
	'edit.home': {type: 'home'},
	'edit.end': {type: 'end'},
	'edit.bufferStart': {type: 'bufferStart'},
	'edit.bufferEnd': {type: 'bufferEnd'},
	'edit.backspace': {type: 'backspace'},
	'edit.delete': {type: 'delete'},
	'edit.deleteWordBack': {type: 'deleteWordBack'},
	'edit.killLineEnd': {type: 'killLineEnd'},
	'edit.killLineStart': {type: 'killLineStart'},
	'edit.undo': {type: 'undo'},
	'edit.redo': {type: 'redo'},
};
