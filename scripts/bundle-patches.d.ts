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
