// /admin/update-layout-schedule-options (issue 22): every content list of this site's layouts that
// reads one schedule option is switched to another, or to any option. "Check" lists the lists it
// would change; "Apply" saves those layouts (each a history entry and a rebuild) after a
// confirmation. manage_site_layouts; global layouts need global staff.
import { useState } from 'react';
import { SCHEDULE_OPTIONS } from '../../../engine/domain/enums';
import * as api from '../../data/api';
import { errorText, useToast } from '../../app/toasts';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField } from '../../components/fields';
import { Badge, EmptyState } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';

const OPTIONS = SCHEDULE_OPTIONS.map((o) => ({ value: o, label: o }));

export default function LayoutScheduleOptionsScreen() {
  const toast = useToast();
  const { busy, run } = useBusy();
  const [from, setFrom] = useState<string | null>('Recommended');
  const [to, setTo] = useState<string | null>('Featured');
  const [rows, setRows] = useState<api.ScheduleOptionChange[] | null>(null);
  const [confirm, setConfirm] = useState(false);
  const go = (dryRun: boolean) => run(async () => {
    const r = await api.updateLayoutScheduleOptions(from ?? '', to || null, dryRun);
    setRows(r);
    if (!dryRun) toast.success(`${r.filter((x) => x.state === 'updated').length} layouts updated; the site is rebuilding.`);
  }, (e) => toast.error(errorText(e)));
  const planned = rows?.filter((r) => r.state === 'planned').length ?? 0;
  return (
    <Page title="Layout schedule options">
      <Card title="Switch the schedule option content lists read" description="Every content list block of this site's layouts that reads the first option reads the second instead (empty: any option). Check first; nothing changes until you apply.">
        <div className="grid-2">
          <SelectField label="Lists reading" required value={from} options={OPTIONS} onChange={(x) => { setFrom(x); setRows(null); }} field="from" />
          <SelectField label="Read instead" value={to} options={OPTIONS} placeholder="Any option" onChange={(x) => { setTo(x); setRows(null); }} field="to" />
        </div>
        <div className="button-row">
          <Button busy={busy} onClick={() => void go(true)}>Check</Button>
          <Button variant="primary" busy={busy} disabled={planned === 0} onClick={() => setConfirm(true)}>Apply to {planned} layouts</Button>
        </div>
      </Card>
      {rows === null ? null : rows.length === 0 ? <EmptyState icon="layouts" title="No content list reads this option" /> : (
        <Card title="Layouts">
          <ListTable caption="Layouts to change" actions={false} columns={['Layout', 'Content lists', 'State']}>
            {rows.map((r) => (
              <tr key={r.layoutId}>
                <td>{r.name} <span className="muted">({r.layoutId})</span></td>
                <td>{r.blocks.join('; ')}</td>
                <td><Badge tone={r.state === 'updated' ? 'green' : r.state === 'skipped' ? 'red' : 'amber'}>{r.state === 'skipped' ? 'Global layout: global staff only' : r.state}</Badge></td>
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {confirm ? <ConfirmDialog title={`Change ${planned} layouts?`} message={`Content lists reading ${from ?? ''} will read ${to || 'any option'}; the site is rebuilt.`} confirmLabel="Apply" onCancel={() => setConfirm(false)} onConfirm={() => { setConfirm(false); void go(false); }} /> : null}
    </Page>
  );
}
