import {version} from '../version.js';

/** Sent as User-Agent when the request names none. */
export const userAgent = `curlew/${version}`;
