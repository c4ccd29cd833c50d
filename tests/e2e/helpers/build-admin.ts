// The admin SPA for browser tests: built into dist/admin by the CLI's own on-demand builder when any
// admin source (or the vite config) is newer than the last build; parallel test files wait on its lock.
import { fileURLToPath } from 'node:url';
import { ADMIN_DIR, ensureAdminBundle } from '../../../cli/admin-bundle';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN_DIST = ADMIN_DIR;

export async function ensureAdminBuilt(): Promise<void> {
  await ensureAdminBundle();
}
