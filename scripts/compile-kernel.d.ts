/** The interpolation kernel's WebAssembly, assembled from kernel.wat. */
export function compileKernel(): Promise<Uint8Array>;
