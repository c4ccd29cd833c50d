// The composition root's configuration: read once from flags and the environment, validated with
// one zod schema (settings.ts), frozen. Nothing below cli/ reads process.env.
import { resolve } from 'node:path';
import { resolveSettings, SETTINGS, type SettingFlags, type SettingName, type Settings } from './settings';

export { SETTINGS, SettingsError, type SettingFlags, type SettingName, type Settings } from './settings';

export interface Config {
  readonly dbPath: string;
  readonly verbose: boolean;
  readonly json: boolean;
  readonly isTTY: boolean;
  readonly settings: Settings;
  /** True when a flag or the environment gave the setting (not its default): a command may pick its own default then. */
  isSet(name: SettingName): boolean;
  /** The same configuration with a command's own flags applied (e.g. serve's --port, --mode). */
  with(flags: SettingFlags): Config;
}

export const DEFAULT_DB = './data/masthead.sqlite';

interface GlobalFlags { db?: string; verbose?: boolean; json?: boolean }

export function resolveConfig(flags: GlobalFlags, env: NodeJS.ProcessEnv = process.env): Config {
  const isTTY = Boolean(process.stderr.isTTY) && !flags.json && env.CI !== 'true';
  const make = (given: SettingFlags): Config => {
    const settings = resolveSettings(given, env);
    const config: Config = {
      dbPath: settings.db === ':memory:' || /^postgres(ql)?:\/\//i.test(settings.db) ? settings.db : resolve(settings.db),
      verbose: Boolean(flags.verbose),
      json: Boolean(flags.json),
      isTTY,
      settings,
      isSet: (name) => given[name] !== undefined || Boolean(env[SETTINGS[name].env]?.trim()),
      with: (more) => make({ ...given, ...Object.fromEntries(Object.entries(more).filter(([, v]) => v !== undefined)) }),
    };
    return Object.freeze(config);
  };
  return make({ db: flags.db });
}
