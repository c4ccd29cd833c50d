// /admin/content-research (manage_content or bulk_update_content): find content by text, type,
// section, taxonomy, author, published date range and status, in this tenant or (for users who work
// on several) others too; page through the matches, save the filter under a name, load or delete a
// saved one, and download every match as CSV.
import { useState } from 'react';
import * as api from '../../data/api-newsroom';
import type { ResearchQuery } from '../../data/api-newsroom';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { Link } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { downloadText } from '../../lib/download';
import { Button, IconButton } from '../../components/button';
import { TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading, Pager, StatusBadge, formatDate } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';
import { EMPTY_RESEARCH, fromQuery, researchErrors, toQuery, type ResearchForm } from './newsroom-forms';
import { ResearchFilters } from './research-filters';
import { typeLabel } from '../../lib/content-labels';

export const RESEARCH_PAGE = 25;

export default function ContentResearchScreen() {
  const { tenantKey, tenants } = useTenant();
  const toast = useToast();
  const [form, setForm] = useState<ResearchForm>(EMPTY_RESEARCH);
  const [applied, setApplied] = useState<ResearchQuery>({});
  const [skip, setSkip] = useState(0);
  const [name, setName] = useState('');
  const { busy, run } = useBusy();
  const errors = researchErrors(form);
  const results = useAsync(() => api.researchContent(applied, skip, RESEARCH_PAGE), [applied, skip, tenantKey]);
  const saved = useAsync(() => api.getResearchSearches(), [tenantKey]);
  const several = new Set((results.data?.items ?? []).map((r) => r.tenantKey)).size > 1 || (applied.tenantKeys?.length ?? 0) > 0;
  const tenantName = (key: string) => tenants.find((t) => t.tenantKey === key)?.name ?? key;

  const search = (query: ResearchQuery) => { setApplied(query); setSkip(0); };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (Object.keys(errors).length === 0) search(toQuery(form));
  };
  const failed = (e: unknown) => toast.error(errorText(e));
  const save = () => {
    if (!name.trim()) return void toast.error('Name the search to save it.');
    void run(async () => {
      await api.saveResearchSearch(name.trim(), toQuery(form));
      toast.success(`Saved search "${name.trim()}".`);
      setName('');
      saved.reload();
    }, failed);
  };
  const remove = (id: number, label: string) => void run(async () => {
    await api.deleteResearchSearch(id);
    toast.success(`Deleted saved search "${label}".`);
    saved.reload();
  }, failed);
  const exportCsv = () => void run(async () => {
    downloadText(`content-research-${tenantKey ?? 'site'}.csv`, await api.researchContentCsv(applied));
  }, failed);

  return (
    <Page title="Content research"
      actions={<Button icon="arrowDown" onClick={exportCsv} busy={busy} disabled={!results.data || results.data.totalCount === 0}>Export CSV</Button>}
      bottom={results.data && results.data.totalCount > 0 ? <Pager skip={skip} limit={RESEARCH_PAGE} total={results.data.totalCount} onPage={setSkip} /> : null}>
      <div className="stack">
        <Card title="Find content">
          <form className="stack" onSubmit={submit} aria-label="Research">
            <ResearchFilters form={form} onChange={setForm} errors={errors} allowTenants />
            <div className="row-inline">
              <Button type="submit" variant="primary" icon="search">Search</Button>
              <Button onClick={() => { setForm(EMPTY_RESEARCH); search({}); }}>Clear</Button>
            </div>
          </form>
        </Card>
        <Card title="Saved searches">
          <div className="stack-tight">
            <div className="row-inline">
              <TextField label="Search name" value={name} maxLength={100} onChange={setName} placeholder="e.g. Drafts in Markets" />
              <Button onClick={save} busy={busy}>Save search</Button>
            </div>
            {saved.data && saved.data.length ? (
              <ul className="stack-tight" aria-label="Saved searches">
                {saved.data.map((s) => (
                  <li key={s.id} className="row-inline">
                    <Button size="sm" onClick={() => { setForm(fromQuery(s.query)); search(s.query); }}>Load {s.name}</Button>
                    <IconButton icon="trash" label={`Delete saved search ${s.name}`} onClick={() => remove(s.id, s.name)} />
                  </li>
                ))}
              </ul>
            ) : saved.data ? <p className="muted">No saved searches yet.</p> : null}
          </div>
        </Card>
        {results.loading && !results.data ? <Loading /> : results.error ? <ErrorPanel message={results.error} onRetry={results.reload} /> : !results.data || results.data.items.length === 0 ? (
          <EmptyState icon="search" title="No content matches">Try fewer filters or another word.</EmptyState>
        ) : (
          <ListTable caption={`${results.data.totalCount} matches`} columns={['Title', 'Type', 'Status', ...(several ? ['Site'] : []), { label: 'Published', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]} actions={false} flush={false} loading={results.loading}>
            {results.data.items.map((r) => (
              <tr key={r.id}>
                <td className="cell-title">{r.tenantKey === tenantKey ? <Link href={`/admin/edit-content/${r.id}`}>{r.name}</Link> : r.name}</td>
                <td><span className="type-tag">{typeLabel(r.type)}</span></td>
                <td><StatusBadge status={r.status} /></td>
                {several ? <td className="muted">{tenantName(r.tenantKey)}</td> : null}
                <td className="col-hide-sm muted nowrap">{formatDate(r.published)}</td>
                <td className="col-id mono muted">{r.id}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </div>
    </Page>
  );
}
