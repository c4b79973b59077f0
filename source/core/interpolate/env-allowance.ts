/**
Which environment variables `{{process.env.NAME}}` may read: only those the user allowed in
their own settings (`curlew env allow`), never a collection, so that a collection someone
shared cannot send AWS_SECRET_ACCESS_KEY anywhere. An entry is a name (`AWS_PROFILE`) or a
prefix ending in `*` (`MYAPP_*`).
*/

const entryPattern = /^[A-Za-z_]\w*\*?$/;

export function isEnvNameAllowed(name: string, allowed: readonly string[]): boolean {
	return allowed.some(entry => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));
}

/** Why `entry` cannot be allowed, in words for the user; undefined when it can. */
export function envEntryProblem(entry: string): string | undefined {
	if (entry === '*') {
		return '"*" would let every collection read every environment variable, secrets included: allow names (AWS_PROFILE) or prefixes (MYAPP_*) one by one';
	}

	if (!entryPattern.test(entry)) {
		return `${JSON.stringify(entry)} is not the name of an environment variable: use letters, digits and _ (not a digit first), and a * at the end for a prefix, such as MYAPP_*`;
	}

	return undefined;
}

/** What a placeholder that reads a name the user did not allow says. */
export function envRefusal(placeholder: string, name: string): string {
	return `${placeholder}: the environment variable ${name} is not one you allowed curlew to read, so no collection can send it: allow it with curlew env allow ${name}`;
}
