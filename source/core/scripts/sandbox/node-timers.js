// Node's `timers` module for the libraries bundled into the sandbox (xml2js reads setImmediate from it): the sandbox's own timers.
export const {setImmediate, clearImmediate, setTimeout, clearTimeout, setInterval, clearInterval} = globalThis;
