// The interpolation kernel's WebAssembly, assembled from its text form with wabt.
import {readFileSync} from 'node:fs';
import createWabt from 'wabt';

const source = new URL('../source/core/interpolate/kernel.wat', import.meta.url);

export async function compileKernel() {
	const wabt = await createWabt();
	const module = wabt.parseWat('kernel.wat', readFileSync(source, 'utf8'), {simd: true, bulk_memory: true});
	try {
		module.validate();
		return module.toBinary({}).buffer;
	} finally {
		module.destroy();
	}
}
