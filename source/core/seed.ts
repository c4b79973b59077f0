/**
The "Getting started" collection a new user finds on first run: one variable of every kind
and a request that shows each way to use them. It talks to curlew's local echo server
(settings.localEcho), so it works with no network: whoever runs it starts the server and
sets a runtime `baseUrl` to its URL.
*/
import {createCollection, createRequest, defaultSettings, type Collection} from './model.js';

export const gettingStartedName = 'Getting started';

const createUserBody = `{
	"id": {{userId}},
	"idAsText": "{{userId}}",
	"verbose": {{verbose}},
	"filter": "{{query.filter}}",
	"query": {{query}},
	"firstTags": ["{{tags[0]}}", "{{tags[1]}}"],
	"tags": {{tags}},
	"createdAt": {{createdAt}},
	"profile": {
		"name": "{{profile.name}}",
		"memberSince": "{{profile.address.since}}",
		"firstContact": "{{profile.contacts[0].value}}"
	},
	"contacts": {{profile.contacts}},
	"manager": {{manager}}
}`;

const loginScript = `// Runs after the response arrives: keep the token for the next requests.
client.setVar('session', {
	token: res.body.token,
	user: res.body.json.user,
	startedAt: new Date(),
});
console.log('Saved session.token: "Who am I" sends it as a bearer token');`;

export function gettingStarted(): Collection {
	return createCollection({
		name: gettingStartedName,
		variables: [
			{name: 'baseUrl', value: 'http://127.0.0.1'},
			{name: 'resource', value: 'users'},
			{name: 'userId', value: 42},
			{name: 'verbose', value: true},
			{name: 'manager', value: null},
			{name: 'query', value: {limit: 10, offset: 0, filter: 'active'}},
			{name: 'tags', value: ['api', 'demo', 'curlew']},
			{name: 'createdAt', value: new Date('2024-01-31T12:00:00.000Z')},
			{name: 'authConfig', value: {apiKey: 'demo-key', secret: 'demo-secret'}, secret: true},
			{
				name: 'profile',
				value: {
					name: 'Ada Lovelace',
					address: {city: 'London', since: new Date('2020-05-01T09:30:00.000Z')},
					contacts: [
						{type: 'email', value: 'ada@example.com'},
						{type: 'phone', value: '+44 20 7946 0000'},
					],
				},
			},
		],
		requests: [
			createRequest({name: 'List resource', url: '{{baseUrl}}/{{resource}}'}),
			createRequest({name: 'Get user', url: '{{baseUrl}}/users/{{userId}}'}),
			createRequest({name: 'Search users', url: '{{baseUrl}}/users?limit={{query.limit}}&offset={{query.offset}}&filter={{query.filter}}'}),
			createRequest({name: 'Events since', url: '{{baseUrl}}/events?since={{createdAt}}&verbose={{verbose}}'}),
			createRequest({
				name: 'Create user',
				method: 'POST',
				url: '{{baseUrl}}/users',
				headers: [
					{name: 'Content-Type', value: 'application/json', enabled: true},
					{name: 'X-API-Key', value: '{{authConfig.apiKey}}', enabled: true},
					{name: 'X-Secret', value: '{{authConfig.secret}}', enabled: true},
				],
				body: {type: 'json', text: createUserBody},
			}),
			createRequest({
				name: 'Log in',
				method: 'POST',
				url: '{{baseUrl}}/login',
				headers: [{name: 'Content-Type', value: 'application/json', enabled: true}],
				body: {type: 'json', text: '{"user": "{{profile.name}}", "apiKey": "{{authConfig.apiKey}}"}'},
				scripts: {preRequest: '', postResponse: loginScript},
			}),
			createRequest({
				name: 'Who am I',
				url: '{{baseUrl}}/me',
				headers: [{name: 'Authorization', value: 'Bearer {{session.token}}', enabled: true}],
			}),
		],
		settings: {...defaultSettings, localEcho: true},
	});
}
