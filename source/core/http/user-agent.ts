import {readFileSync} from 'node:fs';

// The package file sits three folders up from both source/core/http and dist/core/http.
const packageFile = new URL('../../../package.json', import.meta.url);
const {version} = JSON.parse(readFileSync(packageFile, 'utf8')) as {version: string};

/** Sent as User-Agent when the request names none. */
export const userAgent = `curlew/${version}`;
