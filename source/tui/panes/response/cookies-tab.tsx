/**
The cookies tab: the selected collection's cookie jar, one cookie a row (domain, path, name,
value, expiry), the selected one marked; below, the keys that delete one or clear the jar.
*/
import {Box, Text} from 'ink';
import {useAppSelector} from '../../app-context.js';
import {keyLabel, keysFor} from '../../keymap.js';
import {cookieRows, jarCookies} from './cookie-rows.js';

export type CookiesTabProps = {
	selected: number;
	height: number;
};

const deleteKey = keyLabel(keysFor('response.deleteCookie')[0]!);
const clearKey = keyLabel(keysFor('response.clearCookies')[0]!);

export function CookiesTab({selected, height}: CookiesTabProps) {
	const cookies = useAppSelector(jarCookies);
	const revealSecrets = useAppSelector(state => state.revealSecrets);
	if (cookies === undefined) {
		return <Text dimColor>Reading the cookie jar…</Text>;
	}

	if (cookies.length === 0) {
		return <Text dimColor>The collection&apos;s cookie jar is empty: a response&apos;s Set-Cookie, or a script, puts cookies in it</Text>;
	}

	const rows = cookieRows(cookies, revealSecrets);
	const listHeight = Math.max(1, height - 1);
	const row = Math.min(selected, rows.length - 1);
	// The selected row stays in sight: the list scrolls only as far as it needs.
	const top = Math.max(0, Math.min(row - listHeight + 1, rows.length - listHeight));
	const width = (pick: (cookie: typeof rows[number]) => string) => Math.min(30, Math.max(...rows.map(cookie => pick(cookie).length)));
	const domainWidth = width(cookie => cookie.domain);
	const pathWidth = width(cookie => cookie.path);
	const expiresWidth = width(cookie => cookie.expires);
	return (
		<Box flexDirection="column" height={height}>
			{rows.slice(top, top + listHeight).map((cookie, index) => (
				<Text key={`${cookie.domain} ${cookie.path} ${cookie.name}`} wrap="truncate" inverse={top + index === row}>
					{`${cookie.domain.padEnd(domainWidth)}  ${cookie.path.padEnd(pathWidth)}  ${cookie.expires.padEnd(expiresWidth)}  ${cookie.name}=${cookie.value}`}
				</Text>
			))}
			{height > 1 && <Text dimColor wrap="truncate">{`${rows.length} cookie${rows.length === 1 ? '' : 's'} · ${deleteKey} deletes the selected one · ${clearKey} clears the jar`}</Text>}
		</Box>
	);
}
