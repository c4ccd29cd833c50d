// `masthead config`: every setting with its environment variable, flag, default and current value
// (secrets show only whether they are set), as a table or with --json.
import type { Command } from 'commander';
import type { Config, SettingName, SETTINGS } from '../config';
import type { CommandEnv } from '../context';

export interface SettingRow {
  name: SettingName;
  env: string;
  flag: string | null;
  default: string | null;
  /** The resolved value; "(set)" for a secret that is set; null when unset. */
  value: unknown;
  secret: boolean;
  description: string;
}

export function settingRows(config: Config, settings: typeof SETTINGS): SettingRow[] {
  return (Object.keys(settings) as SettingName[]).map((name) => {
    const meta = settings[name];
    const v = config.settings[name];
    const unset = v === undefined;
    return {
      name, env: meta.env, flag: meta.flag ?? null, default: meta.default ?? null,
      value: unset ? null : meta.secret ? '(set)' : v,
      secret: Boolean(meta.secret), description: meta.description,
    };
  });
}

const shown = (v: unknown) => (v === null ? '(unset)' : typeof v === 'string' ? v : JSON.stringify(v));

export function registerConfig(program: Command, env: CommandEnv) {
  program.command('config')
    .description('List every setting with its environment variable, default and current value (secrets masked)')
    .action(env.run(async (config, out) => {
      // The schema module (zod) loads when a command runs, not for `--help`.
      const rows = settingRows(config, (await import('../config')).SETTINGS);
      const w = Math.max(...rows.map((r) => r.env.length));
      out.result({ settings: rows }, rows.flatMap((r) => [
        `${r.env.padEnd(w)}  ${shown(r.value)}${r.default !== null && r.default !== '' && String(r.value) !== r.default ? `   (default ${r.default})` : ''}${r.flag ? `   (flag ${r.flag})` : ''}`,
        `${' '.repeat(w)}  ${r.description}`,
      ]));
    }));
}
