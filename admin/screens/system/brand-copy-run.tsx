// /admin/run-aspire-to-aspire-migration (issue 24): the copy chosen on
// /admin/aspire-to-aspire-migration-config (its address carries the choice). Preview is a dry run
// listing what would be created, updated and kept, with warnings (references cleared, files of the
// source site); Run copies after a confirmation and shows what it did. Global staff with manage_modules.
import { useState } from 'react';
import * as api from '../../data/api-migrate';
import { useSession } from '../../app/session';
import { errorText, useToast } from '../../app/toasts';
import { Link, useSearchParams } from '../../lib/router';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, EmptyState } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';
import { configFrom } from './brand-copy-config';

const TONE = { create: 'green', update: 'amber', unchanged: 'gray', warning: 'red' } as const;
const LABEL = { create: 'Create', update: 'Update', unchanged: 'Kept', warning: 'Warning' } as const;

export default function BrandCopyRunScreen() {
  const { user } = useSession();
  const toast = useToast();
  const config = configFrom(useSearchParams());
  const { busy, run } = useBusy();
  const [result, setResult] = useState<api.BrandCopyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  if (!user?.isGlobal) return <Page title="Brand copy"><EmptyState icon="settings" title="Global administrators only">This tool changes another site's configuration.</EmptyState></Page>;
  if (!config.from || !config.to || config.parts.length === 0) {
    return <Page title="Brand copy: run"><EmptyState icon="settings" title="Nothing chosen yet">Choose the sites and parts on <Link href="/admin/aspire-to-aspire-migration-config">Brand copy: configuration</Link>.</EmptyState></Page>;
  }
  const go = (dryRun: boolean) => run(async () => {
    setError(null);
    const r = await api.copyBrandConfiguration(config, dryRun);
    setResult(r);
    if (!dryRun) toast.success(`Copied: ${r.created} created, ${r.updated} updated. ${config.to} is rebuilding.`);
  }, (e) => setError(errorText(e)));
  const pending = result?.dryRun ? result.created + result.updated : 0;
  return (
    <Page title="Brand copy: run" actions={<>
      <Button busy={busy} onClick={() => void go(true)}>Preview (dry run)</Button>
      <Button variant="primary" busy={busy} disabled={!result?.dryRun || pending === 0} onClick={() => setConfirm(true)}>Run the copy</Button>
    </>}>
      <Card title={`From ${config.from} to ${config.to}`} description={`Parts: ${config.parts.join(', ')}${config.parts.includes('settings') ? `; settings groups: ${config.settingsKeys.join(', ') || 'none'}` : ''}. Content is never touched.`}>
        {error ? <p className="field-error" role="alert">{error}</p> : null}
        {result === null ? <p>Preview the copy to see what it would do.</p> : (
          <>
            <p>{result.dryRun ? 'Would' : 'Did'}: {result.created} create, {result.updated} update, {result.unchanged} keep; {result.warnings} warnings.</p>
            <ListTable caption="Brand copy plan" actions={false} columns={['Part', 'Action', 'Name', 'Detail']}>
              {result.lines.map((l, i) => (
                <tr key={i}><td>{l.part}</td><td><Badge tone={TONE[l.action]}>{LABEL[l.action]}</Badge></td><td>{l.name}</td><td>{l.detail ?? '—'}</td></tr>
              ))}
            </ListTable>
          </>
        )}
      </Card>
      {confirm ? <ConfirmDialog title={`Copy to ${config.to}?`} message={`${pending} records of ${config.to} are created or updated, in one step; its site is rebuilt.`} confirmLabel="Run the copy"
        onCancel={() => setConfirm(false)} onConfirm={() => { setConfirm(false); void go(false); }} /> : null}
    </Page>
  );
}
