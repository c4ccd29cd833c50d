// Background jobs' state in the database (installation_settings, one row `job:<name>` each), so
// every instance's System screen shows the same last run, failures and next run.
import type { Db } from '../store/connection';
import { getInstallationSetting, setInstallationSetting } from '../store/queries/installation';
import type { JobState, JobStateStore } from './runner';

export function storeJobStates(db: Db): JobStateStore {
  return {
    async read(name) {
      const raw = await getInstallationSetting(db, `job:${name}`);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as JobState;
      } catch {
        return null; // a damaged row counts as no state: the next run writes a new one
      }
    },
    write: (state) => setInstallationSetting(db, `job:${state.name}`, JSON.stringify(state)),
  };
}
