export {checkScriptLimit, maxMemoryBytes, maxTimeoutMs, minMemoryBytes, type ScriptLimitCheck, type ScriptLimitName} from './limits.js';
export {runScript} from './run-script.js';
export {runScripts, type RunScriptsOptions} from './run-scripts.js';
export {closeSandbox, warmUpSandbox} from './sandbox.js';
export * from './types.js';
