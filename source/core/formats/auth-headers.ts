/**
The Authorization headers that Postman's, Bruno's and curl's authentication settings
stand for, as curlew sends them: a plain header.
*/
import type {Header} from '../model.js';

export function bearerHeader(token: string): Header {
	return {name: 'Authorization', value: `Bearer ${token}`, enabled: true};
}

/**
`Authorization: Basic <base64 of user:password>`, or undefined when either part holds a
placeholder: curlew fills placeholders when it sends, after the encoding would have been done.
*/
export function basicHeader(user: string, password: string): Header | undefined {
	if (`${user}:${password}`.includes('{{')) {
		return undefined;
	}

	return {name: 'Authorization', value: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`, enabled: true};
}

/** Why a basic header could not be made, for a note on `where` ("request "Login""). */
export function basicWithPlaceholdersNote(where: string): string {
	return `${where}: its basic auth was left out: the user or password holds a placeholder, which curlew fills only when sending, after the base64 encoding; add an Authorization: Basic header with the encoded value yourself`;
}
