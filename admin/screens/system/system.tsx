// /admin/system: versions, the database, migrations applied, the rebuild queue and the last build
// of each tenant with its duration, the mail transport and its last send, the captcha and crawler
// verification state, disk use of out/ and the media library, configuration warnings, the background
// jobs with their last and next runs (engine/jobs/runner.ts; the rebuilds as their first row) and
// "Run now" for each timed one; and "Rebuild site" for the current tenant, after a confirmation.
// Global staff with manage_modules.
import { useState, type ReactNode } from 'react';
import * as api from '../../data/api';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
const secs = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const every = (ms: number) => (ms === 0 ? 'on each change' : ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 1000)} s`);

export default function SystemScreen() {
  const { user } = useSession();
  const { tenant } = useTenant();
  const toast = useToast();
  const [confirm, setConfirm] = useState(false);
  const [starting, setStarting] = useState<string | null>(null);
  const status = useAsync(() => (user?.isGlobal ? api.getSystemStatus() : Promise.resolve(null)), [user?.isGlobal]);
  if (!user?.isGlobal) return <Page title="System"><EmptyState icon="settings" title="Global administrators only">The system page shows the whole server.</EmptyState></Page>;
  const s = status.data;
  const rebuild = async () => {
    if (!tenant) return;
    try {
      await api.rebuildTenant(tenant.tenantKey);
      toast.success(`A full rebuild of ${tenant.name} was requested.`);
      status.reload();
    } catch (e) { toast.error(errorText(e)); } finally { setConfirm(false); }
  };
  const runNow = async (name: string, title: string) => {
    setStarting(name);
    try {
      await api.runBackgroundJob(name);
      toast.success(`${title}: started. Its row shows the result when it ends.`);
      status.reload();
    } catch (e) { toast.error(errorText(e)); } finally { setStarting(null); }
  };
  return (
    <Page title="System" actions={tenant ? <Button variant="primary" onClick={() => setConfirm(true)}>Rebuild {tenant.name}</Button> : null}>
      {status.loading && !s ? <Loading /> : status.error ? <ErrorPanel message={status.error} onRetry={status.reload} /> : s ? (
        <>
          {s.warnings.map((w) => <p key={w} className="field-error" role="alert">{w}</p>)}
          <Card title="Server">
            <dl className="facts">
              <dt>Masthead</dt><dd>{s.mastheadVersion}</dd>
              <dt>Node.js</dt><dd>{s.nodeVersion}</dd>
              <dt>SQLite</dt><dd>{s.sqliteVersion}</dd>
              <dt>Database</dt><dd><code>{s.databasePath}</code> · {mb(s.databaseBytes)}</dd>
              <dt>Migrations applied</dt><dd>{s.migrationsApplied}</dd>
              <dt>Rebuild queue</dt><dd>{s.queueDepth} waiting or running</dd>
              <dt>Mail transport</dt><dd>{s.mailTransport}</dd>
              <dt>Last mail sent</dt><dd>{s.mailLastSend ? `${formatDate(s.mailLastSend.at, true)} · ${s.mailLastSend.ok ? 'delivered to the transport' : `failed: ${s.mailLastSend.error ?? ''}`}` : 'none since the server started'}</dd>
              <dt>Captcha</dt><dd>{s.captcha}</dd>
              <dt>Crawler verification</dt><dd>{s.crawlerVerification.method} · {s.crawlerVerification.cachedVerdicts} verdicts cached</dd>
              {s.disk.map((d) => (
                <FactRow key={d.name} label={d.name === 'out' ? 'Built sites (out/)' : 'Media library'}>
                  {d.path ? <><code>{d.path}</code> · {d.complete ? '' : 'at least '}{mb(d.bytes)} in {d.files} files</> : 'not configured for this server'}
                </FactRow>
              ))}
            </dl>
          </Card>
          <Card title="Builds">
            {s.builds.length === 0 ? <EmptyState icon="layouts" title="No builds yet">Run masthead build or save a change to build a site.</EmptyState> : (
              <ListTable caption="Builds" actions={false} columns={['Site', 'State', 'Last build', 'Duration', 'Pages', 'Waiting']}>
                {s.builds.map((b) => (
                  <tr key={`${b.tenantKey}-${b.buildId ?? ''}`}>
                    <td>{b.tenantKey}</td>
                    <td><Badge tone={b.state === 'live' ? 'green' : b.state === 'failed' ? 'red' : 'amber'}>{b.state}</Badge>{b.error ? <span className="muted small"> {b.error}</span> : null}</td>
                    <td>{formatDate(b.finishedAt ?? b.startedAt, true)}</td>
                    <td>{secs(b.durationMs)}</td>
                    <td>{b.pagesWritten}</td>
                    <td>{b.openRequests}{b.failedAttempts > 0 ? <span className="muted small"> · {b.failedAttempts} failed, retry {formatDate(b.retryAt, true)}</span> : null}</td>
                  </tr>
                ))}
              </ListTable>
            )}
          </Card>
          <Card title="Background jobs">
            {s.jobs.length === 0 ? <EmptyState icon="settings" title="No background jobs">This server runs none: <code>masthead serve</code> runs them (event rollup, feed refresh, scheduled sends, page speed runs), each unless its setting turns it off.</EmptyState> : (
              <ListTable caption="Background jobs" actions={false} columns={['Job', 'Every', 'State', 'Last run', 'Next run', '']}>
                {s.jobs.map((j) => (
                  <tr key={j.name}>
                    <td>{j.title}</td>
                    <td>{every(j.everyMs)}</td>
                    <td>
                      {j.running ? <Badge tone="amber">running</Badge> : j.failures > 0 ? <Badge tone="red">failing</Badge> : j.lastOkAt ? <Badge tone="green">ok</Badge> : <Badge tone="amber">not run yet</Badge>}
                      {j.failures > 0 ? <span className="muted small"> {j.failures} failed: {j.lastError}</span> : j.lastResult ? <span className="muted small"> {j.lastResult}</span> : null}
                    </td>
                    <td>{j.lastFinishedAt ? formatDate(j.lastFinishedAt, true) : '—'}</td>
                    <td>{j.nextRunAt ? formatDate(j.nextRunAt, true) : '—'}</td>
                    <td>{j.everyMs > 0 ? <Button size="sm" disabled={j.running || starting === j.name} aria-label={`Run ${j.title} now`} onClick={() => void runNow(j.name, j.title)}>Run now</Button> : null}</td>
                  </tr>
                ))}
              </ListTable>
            )}
          </Card>
        </>
      ) : null}
      {confirm && tenant ? <ConfirmDialog title={`Rebuild ${tenant.name}?`} message="Every page of the site is rendered again and published when done; the live site stays up meanwhile." confirmLabel="Rebuild" onCancel={() => setConfirm(false)} onConfirm={() => void rebuild()} /> : null}
    </Page>
  );
}

function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return <><dt>{label}</dt><dd>{children}</dd></>;
}
