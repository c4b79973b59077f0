export type ProblemKind = 'undefined-variable' | 'unresolved-path' | 'cycle' | 'invalid-placeholder';

/** Something a placeholder could not be filled with; the placeholder stays as written. */
export type Problem = {
	kind: ProblemKind;
	/** The placeholder exactly as written, braces included. */
	placeholder: string;
	/** Where the placeholder starts in the template (UTF-16 code units). */
	offset: number;
	/**
	Variables whose string values led here, outermost first. Empty when the placeholder
	stands in the template itself; then `offset` points at it.
	*/
	via: string[];
	/** One sentence for the user: what is wrong and what to check. */
	message: string;
};

export type InterpolationContext = 'text' | 'json';

export type InterpolateOptions = {
	/** How values become text: see DESIGN section 3. Default 'text'. */
	context?: InterpolationContext;
	/** Read by `{{process.env.NAME}}`. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/**
	The names `{{process.env.NAME}}` may read: names, and prefixes ending in `*` (`MYAPP_*`).
	Default none: any other name is a problem, like an undefined variable.
	*/
	allowedEnv?: readonly string[];
};

export type Interpolation = {
	text: string;
	problems: Problem[];
};
