/**
The parts of @usebruno/lang (CommonJS, untyped) that bruno-import.ts uses, typed as the
package's parsers return them: every value as text, as the .bru file wrote it.
*/
declare module '@usebruno/lang' {
	export type BruPair = {name: string; value: string; enabled: boolean};
	export type BruMultipartField = BruPair & {type: 'text' | 'file'; value: string | string[]; contentType?: string};
	/** An entry of body:file; the one `selected` is sent. */
	export type BruBodyFile = {filePath?: string; contentType?: string; selected?: boolean};
	export type BruAuth = {
		mode?: string;
		bearer?: {token?: string};
		basic?: {username?: string; password?: string};
		digest?: {username?: string; password?: string};
		apikey?: {key?: string; value?: string; placement?: string};
	};
	/** `hooks` comes only from a collection saved in YAML. */
	export type BruScripts = {req?: string; res?: string; hooks?: string};
	export type BruVars = {req?: BruPair[]; res?: BruPair[]};

	export type BruRequest = {
		meta?: {name?: string; type?: string; seq?: string};
		http?: {method?: string; url?: string; body?: string; auth?: string};
		params?: Array<BruPair & {type: 'query' | 'path'}>;
		headers?: BruPair[];
		auth?: BruAuth;
		body?: {
			json?: string;
			text?: string;
			xml?: string;
			sparql?: string;
			formUrlEncoded?: BruPair[];
			multipartForm?: BruMultipartField[];
			graphql?: {query?: string; variables?: string};
			file?: BruBodyFile[];
		};
		vars?: BruVars;
		/** The assert block: a response path, and the check (`eq 200`, `isTruthy`). */
		assertions?: BruPair[];
		script?: BruScripts;
		tests?: string;
		/** timeout 0 is the collection's; encodeUrl is always given, false when the file does not say. */
		settings?: {encodeUrl?: boolean; timeout?: number | 'inherit'; followRedirects?: boolean; maxRedirects?: number};
	};

	/** collection.bru and folder.bru. */
	export type BruFolder = {
		meta?: {name?: string; seq?: string};
		headers?: BruPair[];
		auth?: BruAuth;
		vars?: BruVars;
		script?: BruScripts;
		tests?: string;
	};

	export type BruEnvironment = {variables?: Array<BruPair & {secret: boolean}>};

	const lang: {
		bruToJsonV2(text: string): BruRequest;
		collectionBruToJson(text: string): BruFolder;
		bruToEnvJsonV2(text: string): BruEnvironment;
	};
	export default lang;
}
