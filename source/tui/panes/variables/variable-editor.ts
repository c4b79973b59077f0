/**
`E`: a variable's value in $EDITOR, as the text of its kind (JSON on many lines). What the
editor saves is read back as that kind; text that is not one is refused with the reason
(JSON's line and column), kept, and offered again by the next `E` or edit, to correct rather
than retype. A secret opens only while secrets are shown: its value would be on screen.
*/
import type {Collection} from '../../../core/model.js';
import type {EffectiveVariable} from '../../../core/scopes.js';
import type {Step} from '../../pipeline/step.js';
import {saveVariable} from './variable-changes.js';
import {editableKindOf, parseValue, valueToText} from './variable-input.js';
import {draftKeyOf, targetFor} from './variable-target.js';

export function editInEditor(step: Step, collection: Collection, variable: EffectiveVariable): void {
	if (variable.secret && !step.state.revealSecrets) {
		step.say(`${variable.name} is secret: v shows secrets, then E opens it in $EDITOR`, 'warning');
		return;
	}

	const target = targetFor(collection, step.state, variable);
	const kind = editableKindOf(variable.value);
	const draftKey = draftKeyOf(target);
	const original = valueToText(variable.value, kind, true);
	// JSON and multi-line text end with a line break, as files do; editors add one anyway.
	const text = step.state.valueDrafts[draftKey] ?? `${original}\n`;
	step.effect({
		type: 'editExternally',
		text,
		extension: kind === 'json' ? 'json' : 'txt',
		then(written, next) {
			// The line break the file ends with is the file's, not the value's: a string keeps its own.
			const read = written.endsWith('\n') && !original.endsWith('\n') ? written.slice(0, written.endsWith('\r\n') ? -2 : -1) : written;
			const parsed = parseValue(read, kind);
			if (!parsed.ok) {
				next.dispatch({type: 'valueDraft', key: draftKey, text: written});
				next.say(`${variable.name} not saved (E opens your text again): ${parsed.message}`, 'error');
				return;
			}

			saveVariable(next, target, parsed.value);
		},
	});
}
