/** The exit codes of every command: DESIGN section 8. */
export const exitCodes = {ok: 0, httpError: 1, testFailed: 1, failure: 2, interrupted: 130} as const;
