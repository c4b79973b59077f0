export {runScript} from './run-script.js';
export {runScripts, type RunScriptsOptions} from './run-scripts.js';
export {closeSandbox, warmUpSandbox} from './sandbox.js';
export * from './types.js';
