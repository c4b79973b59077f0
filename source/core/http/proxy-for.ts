import {BlockList, isIP} from 'node:net';

/** The proxy a request goes through, and the variable it came from (for messages). */
export type ProxyChoice = {
	/** As written in the variable; `send` parses it and reports a bad one. */
	address: string;
	variable: string;
};

type Env = Readonly<Record<string, string | undefined>>;

/**
The proxy for `target` from HTTP_PROXY / HTTPS_PROXY (by the target's scheme), unless NO_PROXY
exempts the host. Each variable is read in lower case first, then upper case, as curl does; an
empty one counts as unset.
*/
export function proxyFor(target: URL, env: Env): ProxyChoice | undefined {
	const name = target.protocol === 'https:' ? 'https_proxy' : 'http_proxy';
	const proxy = read(env, name);
	if (proxy === undefined || bypasses(target, read(env, 'no_proxy')?.value ?? '')) {
		return undefined;
	}

	return {address: proxy.value, variable: proxy.variable};
}

function read(env: Env, lowerName: string): {value: string; variable: string} | undefined {
	for (const variable of [lowerName, lowerName.toUpperCase()]) {
		const value = env[variable]?.trim();
		if (value) {
			return {value, variable};
		}
	}

	return undefined;
}

/**
NO_PROXY entries, separated by commas or spaces: `*` (every host), a host or domain that also
covers its subdomains (`example.com`, `.example.com`, `*.example.com`), optionally with `:port`
to exempt only that port. IPv6 addresses may be bracketed. An IP address is compared whole, not
by its end (`0.1` does not exempt 127.0.0.1), and an IP range in CIDR notation (`10.0.0.0/8`,
`fd00::/8`) exempts the IP addresses in it, as curl does: a host name is not looked up to see
where it points.
*/
export function bypasses(target: URL, noProxy: string): boolean {
	const host = unbracket(target.hostname.toLowerCase());
	const port = target.port || (target.protocol === 'https:' ? '443' : '80');
	return noProxy.split(/[\s,]+/).filter(Boolean).some(entry => {
		if (entry === '*') {
			return true;
		}

		const {host: entryHost, port: entryPort} = splitHostPort(entry.toLowerCase());
		if (entryPort !== undefined && entryPort !== port) {
			return false;
		}

		const range = /^(?<address>[^/]+)\/(?<prefix>\d{1,3})$/.exec(entryHost);
		if (range?.groups) {
			return inRange(host, range.groups.address!, Number(range.groups.prefix));
		}

		const family = isIP(host);
		if (family !== 0) {
			return inRange(host, entryHost, family === 4 ? 32 : 128);
		}

		const domain = entryHost.replace(/^\*?\./, '');
		return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
	});
}

function inRange(host: string, address: string, prefix: number): boolean {
	const family = isIP(address);
	if (family === 0 || isIP(host) !== family || prefix > (family === 4 ? 32 : 128)) {
		return false;
	}

	const range = new BlockList();
	const type = family === 4 ? 'ipv4' : 'ipv6';
	range.addSubnet(address, prefix, type);
	return range.check(host, type);
}

function splitHostPort(entry: string): {host: string; port?: string} {
	const bracketed = /^\[(?<host>[^\]]+)\](?::(?<port>\d+))?$/.exec(entry);
	if (bracketed?.groups) {
		return {host: bracketed.groups.host!, port: bracketed.groups.port};
	}

	const withPort = /^(?<host>[^:]+):(?<port>\d+)$/.exec(entry);
	if (withPort?.groups) {
		return {host: withPort.groups.host!, port: withPort.groups.port};
	}

	return {host: entry};
}

function unbracket(host: string): string {
	return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
