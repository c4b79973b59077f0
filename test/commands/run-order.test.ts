import {describe, expect, it} from 'vitest';
import {maxJumpsPerIteration, RunOrder} from '../../source/commands/run-order.js';
import {createRequest, type Request} from '../../source/core/model.js';

function requestsNamed(...names: string[]): Request[] {
	return names.map(name => createRequest({name}));
}

describe('the order of a curlew run', () => {
	const requests = requestsNamed('Log in', 'Get user', 'get user', 'Poll', 'Log out');

	it('goes through the list in order, and ends the iteration after the last', () => {
		const order = new RunOrder(requests);
		expect(order.after(0)).toEqual({to: 1});
		expect(order.after(3, {})).toEqual({to: 4});
		expect(order.after(4)).toEqual({end: 'iteration'});
	});

	it('jumps to the request setNextRequest names, by the CLI\'s name rule: exact, else ignoring case, else as a slug', () => {
		const order = new RunOrder(requests);
		expect(order.after(4, {nextRequest: 'Log in'})).toEqual({to: 0});
		expect(order.after(0, {nextRequest: 'get user'})).toEqual({to: 2});
		expect(order.after(0, {nextRequest: 'POLL'})).toEqual({to: 3});
		expect(order.after(0, {nextRequest: 'log-out'})).toEqual({to: 4});
		expect(order.after(3, {nextRequest: requests[3]!.id})).toEqual({to: 3});
	});

	it('ends the iteration on setNextRequest(null), and on a name the run does not have or that is ambiguous, saying why', () => {
		const order = new RunOrder(requests);
		expect(order.after(0, {nextRequest: null})).toEqual({end: 'iteration'});
		expect(order.after(0, {nextRequest: 'Delete user'})).toEqual({end: 'iteration', warning: 'Log in: setNextRequest("Delete user") names no request of this run; this iteration ends here'});
		expect(order.after(0, {nextRequest: 'GET USER'})).toEqual({end: 'iteration', warning: 'Log in: setNextRequest("GET USER") matches 2 requests of this run and none exactly: "Get user", "get user"; this iteration ends here'});
	});

	it('jumps to the first place of a request the list holds twice', () => {
		const [login, user] = requestsNamed('Log in', 'Get user');
		expect(new RunOrder([login!, user!, login!]).after(2, {nextRequest: 'Get user'})).toEqual({to: 1});
		expect(new RunOrder([login!, user!, login!]).after(1, {nextRequest: 'Log in'})).toEqual({to: 0});
	});

	it('ends the run on stopExecution, whatever else was asked', () => {
		const order = new RunOrder(requests);
		expect(order.after(1, {stopExecution: true, nextRequest: 'Log in'})).toEqual({end: 'run', reason: 'stopExecution', message: '"Get user" stopped the run (stopExecution)'});
	});

	it('goes on after a skipped request as after any other, to the request named next if one is', () => {
		const order = new RunOrder(requests);
		expect(order.after(1, {skipRequest: true})).toEqual({to: 2});
		expect(order.after(1, {skipRequest: true, nextRequest: 'Log out'})).toEqual({to: 4});
	});

	it(`stops a setNextRequest loop after ${maxJumpsPerIteration.toLocaleString('en-US')} jumps in one iteration, naming the last`, () => {
		const order = new RunOrder(requests);
		for (let jump = 1; jump <= maxJumpsPerIteration; jump++) {
			expect(order.after(3, {nextRequest: jump % 2 === 0 ? 'Poll' : 'Log in'})).toHaveProperty('to');
		}

		expect(order.after(0, {nextRequest: 'Poll'})).toEqual({
			end: 'run',
			reason: 'too many jumps',
			message: 'stopped: setNextRequest jumped more than 10,000 times in one iteration, which looks like an endless loop (the last from "Log in" to "Poll")',
		});
	});
});
