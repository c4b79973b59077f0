import {describe, expect, it} from 'vitest';
import {leaveHeaderLine, parseHeaderLine} from '../../../../source/tui/panes/request/header-line.js';

const accept = {name: 'Accept', value: 'text/html'};

describe('leaving a header field with Esc', () => {
	it('closes quietly when nothing was typed: a new row left blank, a header left as it was', () => {
		expect(leaveHeaderLine('', undefined)).toEqual({kind: 'close'});
		expect(leaveHeaderLine('  ', undefined)).toEqual({kind: 'close'});
		expect(leaveHeaderLine('Accept: text/html', accept)).toEqual({kind: 'close'});
	});

	it('saves valid text, new or edited', () => {
		expect(leaveHeaderLine('X-Id: {{id}}', undefined)).toEqual({kind: 'save', name: 'X-Id', value: '{{id}}'});
		expect(leaveHeaderLine('Accept: */*', accept)).toEqual({kind: 'save', name: 'Accept', value: '*/*'});
	});

	it('drops a new row that is not a header and says why it was not added', () => {
		expect(leaveHeaderLine('Badheader', undefined)).toEqual({kind: 'drop', message: 'Header not added: "Badheader" has no colon'});
		expect(leaveHeaderLine(': x', undefined)).toEqual({kind: 'drop', message: 'Header not added: ": x" has no name'});
		expect(leaveHeaderLine('a b: x', undefined)).toEqual({kind: 'drop', message: 'Header not added: the name "a b" is invalid'});
	});

	it('keeps the previous value of an edited header given invalid or empty text, and says so', () => {
		expect(leaveHeaderLine('Accept text/html', accept)).toEqual({kind: 'drop', message: 'Header not saved: "Accept text/html" has no colon; kept the previous value'});
		expect(leaveHeaderLine('', accept)).toEqual({kind: 'drop', message: 'Header not saved: the field was empty; kept the previous value (d deletes a header)'});
	});
});

describe('submitting a header field with Enter', () => {
	it('says an empty field is empty instead of quoting ""', () => {
		expect(parseHeaderLine(' ')).toEqual({ok: false, message: 'The header is empty: type it as Name: value'});
	});
});
