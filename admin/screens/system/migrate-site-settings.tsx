// /admin/migrate-site-settings-post-uiux (issue 22): brings every tenant's stored site settings to
// the current schema. "Check" is a dry run that lists, per site, the settings keys the current
// schema would add or change, or the first field that no longer validates; "Migrate" writes the
// valid ones (each a history entry and a rebuild) after a confirmation. Global staff with
// manage_modules (developer tools).
import { useState } from 'react';
import * as api from '../../data/api';
import { useSession } from '../../app/session';
import { errorText, useToast } from '../../app/toasts';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, EmptyState } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';

const TONE = { unchanged: 'gray', changed: 'amber', migrated: 'green', invalid: 'red' } as const;
const LABEL = { unchanged: 'Up to date', changed: 'Would change', migrated: 'Migrated', invalid: 'Invalid' } as const;

export default function MigrateSiteSettingsScreen() {
  const { user } = useSession();
  const toast = useToast();
  const { busy, run } = useBusy();
  const [rows, setRows] = useState<api.SettingsMigrationRow[] | null>(null);
  const [confirm, setConfirm] = useState(false);
  if (!user?.isGlobal) return <Page title="Migrate site settings"><EmptyState icon="settings" title="Global administrators only">This tool changes the settings of every site.</EmptyState></Page>;
  const go = (dryRun: boolean) => run(async () => {
    const r = await api.migrateSiteSettings(dryRun);
    setRows(r);
    if (!dryRun) toast.success(`${r.filter((x) => x.state === 'migrated').length} sites migrated; they are rebuilding.`);
  }, (e) => toast.error(errorText(e)));
  const pending = rows?.filter((r) => r.state === 'changed').length ?? 0;
  return (
    <Page title="Migrate site settings" actions={<>
      <Button busy={busy} onClick={() => void go(true)}>Check (dry run)</Button>
      <Button variant="primary" busy={busy} disabled={pending === 0} onClick={() => setConfirm(true)}>Migrate {pending} sites</Button>
    </>}>
      <Card title="Site settings and the current schema" description="Settings saved before a schema change keep their old shape until saved again. Check lists what the current schema adds or changes; Migrate writes it for every site whose settings validate. Invalid ones are left as they are: fix them in Site settings.">
        {rows === null ? <p>Run a check to see which sites need it.</p> : (
          <ListTable caption="Site settings migration" actions={false} columns={['Site', 'State', 'Keys', 'Problem']}>
            {rows.map((r) => (
              <tr key={r.tenantKey}>
                <td>{r.name} <span className="muted">({r.tenantKey})</span></td>
                <td><Badge tone={TONE[r.state]}>{LABEL[r.state]}</Badge></td>
                <td>{r.keys.length ? r.keys.join(', ') : '—'}</td>
                <td>{r.error ?? '—'}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </Card>
      {confirm ? <ConfirmDialog title={`Migrate ${pending} sites?`} message="Their stored settings are rewritten in the current schema's shape (defaults filled in) and each site is rebuilt." confirmLabel="Migrate" onCancel={() => setConfirm(false)} onConfirm={() => { setConfirm(false); void go(false); }} /> : null}
    </Page>
  );
}
