import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {editExternally, editorCommand, noEditorMessage} from '../../source/tui/external-editor.js';

const folder = mkdtempSync(path.join(tmpdir(), 'curlew-editor-test-'));
afterAll(() => {
	rmSync(folder, {recursive: true, force: true});
});

function script(name: string, body: string): string {
	const file = path.join(folder, name);
	writeFileSync(file, `#!/bin/sh\n${body}\n`);
	chmodSync(file, 0o755);
	return file;
}

describe('editExternally', () => {
	it('returns the text the editor saved, and suspends and resumes the UI around it', () => {
		const editor = script('append.sh', 'printf \'{"id": 2}\' > "$1"');
		const calls: string[] = [];
		const result = editExternally('{"id": 1}', {env: {EDITOR: editor}, extension: 'json', suspend: () => calls.push('suspend'), resume: () => calls.push('resume')});
		expect(result).toEqual({kind: 'edited', text: '{"id": 2}'});
		expect(calls).toEqual(['suspend', 'resume']);
	});

	it('passes the file with the extension asked for, so the editor picks its syntax', () => {
		const editor = script('name.sh', 'printf "%s" "$1" > "$1"');
		const result = editExternally('x', {env: {EDITOR: editor}, extension: 'json'});
		expect(result.kind === 'edited' && result.text.endsWith('.json')).toBe(true);
	});

	it('reports an unchanged text, and an editor that fails, without changing anything', () => {
		expect(editExternally('same', {env: {EDITOR: 'true'}})).toEqual({kind: 'unchanged'});
		const failed = editExternally('text', {env: {EDITOR: 'false'}});
		expect(failed).toMatchObject({kind: 'failed'});
		expect(failed.kind === 'failed' && failed.message).toContain('exited with code 1');
	});

	it('says an editor that is not installed was not found, not just its exit code', () => {
		const missing = editExternally('text', {env: {EDITOR: 'curlew-no-such-editor-here'}});
		expect(missing).toEqual({kind: 'failed', message: 'The editor "curlew-no-such-editor-here" was not found: set $EDITOR (or $VISUAL) to an installed editor; nothing was changed'});
	});

	it('prefers VISUAL to EDITOR, and takes neither when blank', () => {
		expect(editorCommand({VISUAL: 'nvim', EDITOR: 'vi'})).toEqual({command: 'nvim'});
		expect(editorCommand({EDITOR: '  ', PATH: ''})).toBeUndefined();
	});

	it('falls back to vi, then nano, on the PATH when neither VISUAL nor EDITOR is set, and says which', () => {
		const withVi = mkdtempSync(path.join(folder, 'vi-'));
		const withNano = mkdtempSync(path.join(folder, 'nano-'));
		for (const [where, name] of [[withVi, 'vi'], [withVi, 'nano'], [withNano, 'nano']] as const) {
			writeFileSync(path.join(where, name), `#!/bin/sh\nprintf '${name} was here' > "$1"\n`);
			chmodSync(path.join(where, name), 0o755);
		}

		expect(editExternally('text', {env: {PATH: withVi}})).toEqual({
			kind: 'edited',
			text: 'vi was here',
			note: '$VISUAL and $EDITOR are not set: edited in vi (export EDITOR to choose another editor)',
		});
		expect(editExternally('text', {env: {PATH: `${folder}${path.delimiter}${withNano}`}})).toMatchObject({kind: 'edited', text: 'nano was here', note: expect.stringContaining('edited in nano') as string});
	});

	it('says how to set an editor when none is set and neither vi nor nano is installed', () => {
		expect(editExternally('text', {env: {PATH: folder}})).toEqual({kind: 'failed', message: noEditorMessage});
		expect(noEditorMessage).toContain('Export EDITOR');
	});
});
