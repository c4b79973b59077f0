/**
The libraries a script may `require`, bundled into the sandbox as Postman's and Bruno's
sandboxes offer them (see scripts/build-sandbox.js, which builds one file for each); atob
and btoa are the sandbox's own.
*/
export const libraryNames = ['ajv', 'chai', 'crypto-js', 'lodash', 'moment', 'nanoid', 'tv4', 'uuid', 'xml2js'] as const;

/** Every name `require` answers to, besides the collection's own files. */
export const requirableNames: readonly string[] = [...libraryNames, 'atob', 'btoa'].sort();
