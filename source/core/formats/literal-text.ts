/**
Text from a format without placeholders (curl commands), written so that curlew sends it
as written: `{{` becomes `\{{`, which curlew's interpolation reads as a literal `{{`.
*/
export function literalText(text: string): string {
	return text.replaceAll('{{', '\\{{');
}
