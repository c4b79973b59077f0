import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ignores: ['dist/', 'node_modules/', 'coverage/']},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		languageOptions: {globals: {...globals.node}},
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
			'no-console': 'off',
		},
	},
	{
		files: ['source/tui/**/*.{ts,tsx}', 'test/tui/**/*.{ts,tsx}'],
		...reactHooks.configs.flat.recommended,
	},
	{
		// The script API runs inside the QuickJS sandbox: the language's own globals and nothing of Node's.
		files: ['source/core/scripts/sandbox/**/*.js'],
		languageOptions: {globals: {...globals.es2021}, sourceType: 'module'},
		rules: {
			'no-restricted-globals': ['error', 'process', 'require', 'Buffer', 'module'],
			// JSON.stringify's replacer tells its holders apart by `this`, which it keeps.
			'@typescript-eslint/no-this-alias': 'off',
		},
	},
);
