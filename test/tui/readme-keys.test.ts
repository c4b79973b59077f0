import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {keysFor} from '../../source/tui/keymap.js';

// The README's key table names keys by hand; this keeps each of them bound as it says.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the README key table', () => {
	it.each([
		['`ctrl+r`', 'app.send', 'ctrl+r'],
		['`ctrl+c`', 'app.cancel', 'ctrl+c'],
		['`tab`, `shift+tab`', 'focus.next', 'tab'],
		['`z`, `V`, `+`, `-` | zoom', 'layout.zoom', 'z'],
		['`z`, `V`, `+`, `-` | zoom', 'layout.sideBySide', 'V'],
		['`z`, `V`, `+`, `-` | zoom', 'layout.grow', '+'],
		['`z`, `V`, `+`, `-` | zoom', 'layout.shrink', '-'],
		['`tab`, `shift+tab`', 'focus.previous', 'shift+tab'],
		['`tab`, `shift+tab`, `1`-`4`', 'focus.response', '4'],
		['`u`, `m`, `t`, `a`', 'request.editUrl', 'u'],
		['`u`, `m`, `t`, `a`', 'request.cycleMethod', 'm'],
		['`u`, `m`, `t`, `a`', 'request.bodyType', 't'],
		['`u`, `m`, `t`, `a`', 'request.addHeader', 'a'],
		['`e` | request editor', 'request.openEditor', 'e'],
		['`o` | request editor', 'request.details', 'o'],
		['`C` | request editor or collections: copy the selected request as a curl command', 'request.copyAsCurl', 'C'],
		['`n`, `r`, `c`, `d`, `/`', 'collections.duplicate', 'c'],
		['`n`, `r`, `c`, `d`, `/` | collections: new request, rename, duplicate, delete, filter by name or URL (`esc`', 'collections.clearFilter', 'escape'],
		['`e`, `E`, `R`, `D` | collections', 'collections.environment', 'e'],
		['`e`, `E`, `R`, `D` | collections', 'collections.newEnvironment', 'E'],
		['`e`, `E`, `R`, `D` | collections', 'collections.renameEnvironment', 'R'],
		['`e`, `E`, `R`, `D` | collections', 'collections.deleteEnvironment', 'D'],
		['`o`, `S` | collections', 'collections.settings', 'o'],
		['`o`, `S` | collections', 'collections.strict', 'S'],
		['`n`, `e`, `E`, `t`, `s`, `p`', 'variables.edit', 'e'],
		['`n`, `e`, `E`, `t`, `s`, `p`', 'variables.openEditor', 'E'],
		['`n`, `e`, `E`, `t`, `s`, `p`', 'variables.editKind', 't'],
		['`n`, `e`, `E`, `t`, `s`, `p`', 'variables.pin', 'p'],
		['`i`, `enter`, `/`, `+`, `-` | variables', 'variables.inspect', 'i'],
		['`i`, `enter`, `/`, `+`, `-` | variables', 'variables.filter', '/'],
		['`i`, `enter`, `/`, `+`, `-` | variables', 'variables.increment', '+'],
		['`i`, `enter`, `/`, `+`, `-` | variables', 'variables.decrement', '-'],
		['`o`, `r`, `x` | variables', 'variables.overrideEnvironment', 'o'],
		['`o`, `r`, `x` | variables', 'variables.overrideRuntime', 'r'],
		['`o`, `r`, `x` | variables', 'variables.dropOverride', 'x'],
		['`/`, `n`, `w`, `s`, `y`', 'response.copy', 'y'],
		['`/`, `n`, `w`, `s`, `y` | response: search (smart case: lower case matches any case; `alt+r` in the prompt', 'edit.regex', 'alt+r'],
		['`\\|`, `v` | response: filter the body with jq', 'response.filter', '|'],
		['`\\|`, `v` | response: filter the body with jq', 'response.pager', 'v'],
		['`H`, `L` | response', 'history.older', 'H'],
		['`H`, `L` | response', 'history.newer', 'L'],
		['`?`, `q`', 'app.help', '?'],
		['`?`, `q` | help (type in it to filter its rows by key or description; `esc`', 'help.clear', 'escape'],
		['`ctrl+p` | command palette', 'app.palette', 'ctrl+p'],
		['`ctrl+o`, `ctrl+t` | in a field another curlew window changed', 'edit.keepMine', 'ctrl+o'],
		['`ctrl+o`, `ctrl+t` | in a field another curlew window changed', 'edit.takeTheirs', 'ctrl+t'],
		['`ctrl+z` | suspend curlew', 'app.suspend', 'ctrl+z'],
		['`ctrl+z` | suspend curlew', 'edit.undo', 'ctrl+z'],
	] as const)('%s: %s is bound to %s', (row, command, key) => {
		expect(readme).toContain(`| ${row}`);
		expect(keysFor(command)).toContain(key);
	});
});
