/** A line a script wrote with console.log/info/warn/error; `source` names the script (e.g. "post-response"). */
export type ConsoleEntry = {level: 'log' | 'info' | 'warn' | 'error'; text: string; source: string};
