// The interpolation kernel's WebAssembly, assembled from its text form with wabt.
import createWabt from 'wabt';
import {kernelWat} from './kernel-wat.js';

export async function compileKernel() {
	const wabt = await createWabt();
	const module = wabt.parseWat('kernel.wat', kernelWat(), {simd: true, bulk_memory: true});
	try {
		module.validate();
		return module.toBinary({}).buffer;
	} finally {
		module.destroy();
	}
}
