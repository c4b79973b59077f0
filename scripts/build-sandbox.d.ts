/** Builds the sandbox's script API into `outdir` (dist/sandbox by default). */
export function buildSandbox(outdir?: string): Promise<void>;
export const partNames: string[];
