import {afterEach, describe, expect, it} from 'vitest';
import {StatusHints, statusHints} from '../../../source/tui/panes/status-hints.js';
import {bindingOf, commands, keymap, keysFor} from '../../../source/tui/keymap.js';
import {cleanupWithAct, renderWithAct} from '../field/act-render.js';

afterEach(cleanupWithAct);

describe('statusHints', () => {
	it('shows the request pane its own keys first, then the global ones', () => {
		const hints = statusHints('request', 'navigate', 200);
		const commands = hints.map(hint => hint.command);
		expect(commands.slice(0, 3)).toEqual(['request.editUrl', 'request.cycleMethod', 'request.openEditor']);
		expect(commands).toContain('app.send');
		expect(commands).toContain('app.help');
		expect(commands.indexOf('request.editUrl')).toBeLessThan(commands.indexOf('app.send'));
	});

	it('shows keys that really trigger the command they name', () => {
		for (const hint of statusHints('variables', 'navigate', 200)) {
			expect(keysFor(hint.command)[0]).toBeDefined();
			expect(hint.hint).toBe((keymap[hint.command] as {hint?: string}).hint);
		}
	});

	it('fits the width and always keeps help', () => {
		const hints = statusHints('request', 'navigate', 30);
		const cells = hints.reduce((sum, hint) => sum + hint.key.length + 1 + hint.hint.length, 0) + (hints.length - 1) * 2;
		expect(cells).toBeLessThanOrEqual(30);
		expect(hints.map(hint => hint.command)).toContain('app.help');
	});

	it('shows the pane\'s lesser keys only once the global ones fit, and every key of the pane when wide', () => {
		const narrow = statusHints('collections', 'navigate', 80).map(hint => hint.command);
		expect(narrow).toEqual(['collections.new', 'collections.rename', 'collections.delete', 'collections.filter', 'collections.environment', 'app.send', 'app.quit', 'app.help', 'layout.zoom']);
		const wide = statusHints('collections', 'navigate', 300).map(hint => hint.command);
		const own = commands.filter(command => {
			const binding = bindingOf(command);
			return binding.panes !== 'all' && binding.panes.includes('collections') && binding.hint !== undefined;
		});
		expect(own).toContain('collections.deleteEnvironment');
		expect(wide.filter(command => command.startsWith('collections.'))).toEqual(own);
		expect(wide.slice(-5)).toEqual(['app.send', 'app.quit', 'app.help', 'layout.zoom', 'edit.enter']);
	});

	it('shows the editing keys while a field is edited', () => {
		expect(statusHints('request', 'edit', 80).map(hint => hint.command)).toEqual(['app.send', 'edit.leave', 'edit.undo']);
	});
});

describe('StatusHints', () => {
	it('renders the focused pane keys on one line', async () => {
		const {lastFrame} = await renderWithAct(<StatusHints pane="response" mode="navigate" width={100}/>);
		expect(lastFrame()).toMatch(/^t tab {2}\/ search {2}(n next match {2})?\| jq {2}(v pager {2})?w wrap {2}s save {2}y copy {2}ctrl\+r send .*\? help/);
		expect(lastFrame()!.split('\n')).toHaveLength(1);
	});
});
