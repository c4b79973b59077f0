/** A file of a Bruno collection's folder: its path from there, with `/` between folders, and its text. */
export type BrunoFile = {path: string; text: string};
