// The composition root's configuration: read once from flags and the environment, validated with
// zod, frozen. Nothing below cli/ reads process.env.
import { resolve } from 'node:path';
import { z } from 'zod';

const configSchema = z.object({
  dbPath: z.string().min(1),
  verbose: z.boolean(),
  json: z.boolean(),
  isTTY: z.boolean(),
});
export type Config = Readonly<z.output<typeof configSchema>>;

export const DEFAULT_DB = './data/masthead.sqlite';

export function resolveConfig(flags: { db?: string; verbose?: boolean; json?: boolean }, env: NodeJS.ProcessEnv = process.env): Config {
  const dbPath = flags.db ?? env.MASTHEAD_DB ?? DEFAULT_DB;
  return Object.freeze(configSchema.parse({
    dbPath: dbPath === ':memory:' ? dbPath : resolve(dbPath),
    verbose: Boolean(flags.verbose),
    json: Boolean(flags.json),
    isTTY: Boolean(process.stderr.isTTY) && !flags.json && env.CI !== 'true',
  }));
}
