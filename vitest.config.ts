import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}'],
		globalSetup: ['test/build-sandbox-setup.ts', 'test/cache-dir-setup.ts'],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		// Ink draws only the last frame when it believes it runs in CI, and CI sets CI=true;
		// the TUI tests read every frame, as a person at a terminal sees them.
		env: {CI: 'false'},
	},
});
