/*
The part of fzf-for-js that curlew uses. The package's own declarations import their
siblings without file extensions, which NodeNext resolution cannot follow, so all but the
Fzf class would read as `any`: this declares the same API, as its documentation gives it.
*/
declare module 'fzf' {
	export type FzfResultItem<U> = {
		item: U;
		/** The indexes of the characters (code points) of the selected text that matched. */
		positions: Set<number>;
		score: number;
		start: number;
		end: number;
	};

	export type Matcher = (this: unknown, query: string) => Array<FzfResultItem<unknown>>;

	/** fzf's search syntax: space-separated terms that must all match, `'exact`, `^prefix`, `suffix$`, `!not`, `a | b`. */
	export const extendedMatch: Matcher;
	export const basicMatch: Matcher;

	export type FzfOptions<U> = {
		selector: (item: U) => string;
		/** Default smart-case: a query with a capital letter matches case. */
		casing?: 'smart-case' | 'case-sensitive' | 'case-insensitive';
		/** Default true: Zoë is found by zoe. */
		normalize?: boolean;
		limit?: number;
		fuzzy?: 'v1' | 'v2' | false;
		match?: Matcher;
		sort?: boolean;
		forward?: boolean;
	};

	export class Fzf<U> {
		constructor(list: readonly U[], options: FzfOptions<U>);
		find(query: string): Array<FzfResultItem<U>>;
	}
}
