import http from 'node:http';
import https from 'node:https';
import {HttpsProxyAgent} from 'hpagent';
import {proxyAddressCode} from './describe-failure.js';
import {proxyFor, type ProxyChoice} from './proxy-for.js';

/** How one hop reaches its server: straight, or through a proxy. */
type Route = {
	agent: http.Agent;
	/** Set for an http:// URL behind a proxy: the request goes to this proxy with the URL as its path. */
	forwardProxy?: URL;
};

export type Router = {
	proxyFor(url: URL): ProxyChoice | undefined;
	/** Opens the request for one hop, with its header lines exactly as given, and `target` (the path and query) in place of the URL's when given. */
	open(url: URL, options: http.RequestOptions, headerLines: string[], target?: string): http.ClientRequest;
	/** Closes every socket this router opened. */
	destroy(): void;
};

/**
Routes for one send. Agents live only as long as the send, so no socket outlives the request,
every send shows its own DNS, connect and TLS times, and a headless run exits at once. The route is
chosen per hop, so a redirect to a NO_PROXY host goes direct.

Behind a proxy, https:// URLs go through a CONNECT tunnel; http:// URLs are sent to the proxy
with the whole URL as the path, as proxies expect (many refuse CONNECT to port 80).
*/
export function createRouter(env: Readonly<Record<string, string | undefined>>): Router {
	const agents = new Map<string, http.Agent>();
	const agentFor = (key: string, create: () => http.Agent) => {
		let agent = agents.get(key);
		if (!agent) {
			agent = create();
			agents.set(key, agent);
		}

		return agent;
	};

	const routeFor = (url: URL): Route => {
		const choice = proxyFor(url, env);
		if (!choice) {
			return {agent: agentFor(url.protocol, () => plainAgent(url.protocol))};
		}

		const proxy = proxyUrl(choice);
		if (!proxy) {
			throw Object.assign(new Error('The proxy variable is not a URL'), {code: proxyAddressCode});
		}

		if (url.protocol === 'https:') {
			return {agent: agentFor(`tunnel ${proxy.href}`, () => new HttpsProxyAgent({proxy, keepAlive: false}))};
		}

		return {agent: agentFor(`forward ${proxy.protocol}`, () => plainAgent(proxy.protocol)), forwardProxy: proxy};
	};

	return {
		proxyFor: url => proxyFor(url, env),
		open(url, options, headerLines, target) {
			const request = openRequest(url, target === undefined ? options : {...options, path: target}, headerLines);
			// Node keeps the first 2,000 header lines of a response and drops the rest without a word; the 1 MB cap on the head bounds them instead.
			request.maxHeadersCount = 0;
			return request;
		},
		destroy() {
			for (const agent of agents.values()) {
				agent.destroy();
			}
		},
	};

	function openRequest(url: URL, options: http.RequestOptions, headerLines: string[]): http.ClientRequest {
		const {agent, forwardProxy} = routeFor(url);
		if (!forwardProxy) {
			return (url.protocol === 'https:' ? https : http).request(url, {...options, headers: headerLines, agent});
		}

		return (forwardProxy.protocol === 'https:' ? https : http).request({
			...options,
			protocol: forwardProxy.protocol,
			hostname: forwardProxy.hostname.replace(/^\[|\]$/g, ''),
			port: forwardProxy.port || (forwardProxy.protocol === 'https:' ? 443 : 80),
			servername: forwardProxy.hostname,
			// The whole URL, its path as the hop sends it.
			path: options.path === undefined || options.path === null ? url.href : `${url.protocol}//${url.host}${options.path}`,
			headers: [...headerLines, ...proxyAuthorization(forwardProxy)],
			agent,
		});
	}
}

function plainAgent(protocol: string): http.Agent {
	return protocol === 'https:' ? new https.Agent({keepAlive: false}) : new http.Agent({keepAlive: false});
}

function proxyAuthorization(proxy: URL): string[] {
	if (proxy.username === '' && proxy.password === '') {
		return [];
	}

	const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
	return ['Proxy-Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`];
}

/** A proxy variable may leave out the scheme (`proxy:3128`), as curl allows. */
function proxyUrl(choice: ProxyChoice): URL | undefined {
	const address = /^[a-z][a-z\d+.-]*:\/\//i.test(choice.address) ? choice.address : `http://${choice.address}`;
	try {
		const url = new URL(address);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
	} catch {
		return undefined;
	}
}
