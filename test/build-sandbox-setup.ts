// Builds the code that runs inside the script sandbox before the tests, so that they run it as the sources have it (see scripts/build-sandbox.js).
import {buildSandbox} from '../scripts/build-sandbox.js';

export default async function setup(): Promise<void> {
	await buildSandbox();
}
