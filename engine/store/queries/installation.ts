// Installation settings (schema-builds.ts installation_settings): values that belong with the
// database rather than with one process's flags. Global: no tenant's rows.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { installationSettings } from '../schema-builds';

/** origin_template; job:<name>, a background job's state as JSON (engine/jobs/runner.ts). */
export type InstallationSetting = 'origin_template' | `job:${string}`;

export async function getInstallationSetting(db: Db, name: InstallationSetting): Promise<string | null> {
  const [row] = await db.select({ value: installationSettings.value }).from(installationSettings).where(eq(installationSettings.name, name)).limit(1);
  return row?.value ?? null;
}

export async function setInstallationSetting(db: Db, name: InstallationSetting, value: string): Promise<void> {
  await db.insert(installationSettings).values({ name, value })
    .onConflictDoUpdate({ target: installationSettings.name, set: { value, updatedAt: sql`excluded.updated_at` } });
}
