/** What a thrown value says, for a message. */
export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
