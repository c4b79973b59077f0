export * from './values.js';
export * from './model.js';
export * from './scopes.js';
export * from './interpolate/problem.js';
export * from './interpolate/index.js';
export * from './resolve-request.js';
export * from './secrets.js';
export * from './http/types.js';
