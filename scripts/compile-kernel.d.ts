/** The interpolation kernel's WebAssembly, assembled from kernel-wat.js. */
export function compileKernel(): Promise<Uint8Array>;
