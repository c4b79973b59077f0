export * from './values.js';
export * from './model.js';
export * from './scopes.js';
export * from './interpolate/problem.js';
export * from './interpolate/index.js';
