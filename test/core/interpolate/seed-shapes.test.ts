import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';

// The request shapes of the original specification, section 4 and 5.
const variables = {
	base: 'https://api.example.test/v1',
	stringVar: 'products',
	numberVar: 42,
	obj: {limit: 25, offset: 50, filter: 'status:active'},
	authConfig: {apiKey: '<API_KEY>', secret: '<SIGNING_SECRET>'},
	names: ['Ada', 'Grace', 'Margaret'],
	profile: {name: 'Ada', age: 36, admin: true, manager: null, joined: {at: new Date('2021-06-01T09:30:00.000Z'), via: 'referral'}},
	team: [{id: 1, name: 'Ada'}, {id: 2, name: 'Grace'}],
	tags: ['x', 'y'],
	active: false,
	ratio: 0.75,
	createdAt: new Date('2024-12-24T18:00:00.500Z'),
};

describe('the request shapes of the specification', () => {
	it('fills a path segment from a string variable', () => {
		expect(interpolate('{{base}}/{{stringVar}}', variables).text).toBe('https://api.example.test/v1/products');
	});

	it('fills a path segment from a number variable', () => {
		expect(interpolate('{{base}}/users/{{numberVar}}', variables).text).toBe('https://api.example.test/v1/users/42');
	});

	it('fills query parameters from the properties of one object variable', () => {
		const url = interpolate('{{base}}/users?limit={{obj.limit}}&offset={{obj.offset}}&filter={{obj.filter}}', variables).text;
		expect(url).toBe('https://api.example.test/v1/users?limit=25&offset=50&filter=status:active');
		expect(Object.fromEntries(new URL(url).searchParams)).toEqual({limit: '25', offset: '50', filter: 'status:active'});
	});

	it('fills the X-API-Key and X-Secret header values from authConfig', () => {
		expect(interpolate('{{authConfig.apiKey}}', variables).text).toBe('<API_KEY>');
		expect(interpolate('{{authConfig.secret}}', variables).text).toBe('<SIGNING_SECRET>');
	});

	it('builds a JSON body that mixes every kind, quoted and unquoted', () => {
		const template = `{
			"category": "{{stringVar}}",
			"count": {{numberVar}},
			"active": {{active}},
			"ratio": {{ratio}},
			"names": ["{{names[0]}}", "{{names[1]}}", "{{names[2]}}"],
			"firstName": "{{profile.name}}",
			"profile": {{profile}},
			"joinedAt": "{{profile.joined.at}}",
			"joined": {"at": {{profile.joined.at}}, "via": "{{profile.joined.via}}"},
			"team": {{team}},
			"firstMember": {{team[0]}},
			"memberName": "{{team[1].name}}",
			"tags": {{tags}},
			"created": "{{createdAt}}",
			"createdRaw": {{createdAt}},
			"manager": {{profile.manager}},
			"query": {"limit": {{obj.limit}}, "filter": "{{obj.filter}}"}
		}`;
		const result = interpolate(template, variables, {context: 'json'});
		expect(result.problems).toEqual([]);
		expect(JSON.parse(result.text)).toEqual({
			category: 'products',
			count: 42,
			active: false,
			ratio: 0.75,
			names: ['Ada', 'Grace', 'Margaret'],
			firstName: 'Ada',
			profile: {name: 'Ada', age: 36, admin: true, manager: null, joined: {at: '2021-06-01T09:30:00.000Z', via: 'referral'}},
			joinedAt: '2021-06-01T09:30:00.000Z',
			joined: {at: '2021-06-01T09:30:00.000Z', via: 'referral'},
			team: [{id: 1, name: 'Ada'}, {id: 2, name: 'Grace'}],
			firstMember: {id: 1, name: 'Ada'},
			memberName: 'Grace',
			tags: ['x', 'y'],
			created: '2024-12-24T18:00:00.500Z',
			createdRaw: '2024-12-24T18:00:00.500Z',
			manager: null,
			query: {limit: 25, filter: 'status:active'},
		});
	});
});
