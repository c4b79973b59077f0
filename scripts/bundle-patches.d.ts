import type {Plugin} from 'esbuild';

/** An edit to a dependency's file as it is bundled: undefined for a matching file it leaves alone. */
export type DependencyPatch = {filter: RegExp; edit(source: string, where: string): string | undefined};

export function replaceOnce(source: string, replacements: ReadonlyArray<readonly [string, string]>, where: string): string;
export const stringWidthEmojiTestedLast: DependencyPatch;
/** An esbuild plugin: wrap-ansi takes Ink's string-width. */
export const oneStringWidth: Plugin;
export const gotHttp2WhenUsed: DependencyPatch;
export const isListFormatWhenUsed: DependencyPatch;
export const inkDevtoolsRequired: DependencyPatch;
export const yogaLoadedAtOnce: DependencyPatch[];
export function yogaWasm(yogaBinaryFile: string): Uint8Array;
export const gotCryptoWhenUsed: DependencyPatch[];
export const gotDnsCacheWhenUsed: DependencyPatch;
export const gotCacheWhenUsed: DependencyPatch;
export const hpagentWhenUsed: DependencyPatch;
/** An esbuild plugin applying `patches` to the files they match. */
export function dependencyPatches(patches: readonly DependencyPatch[]): Plugin;
/** The banner code that defines curlewBuiltin, which builtinsImportedOnce's output calls. */
export const builtinNamespaces: string;
export function builtinsImportedOnce(text: string, options: {loadedWhenUsed: readonly string[]; where: string}): string;
