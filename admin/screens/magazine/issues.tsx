// /admin/magazine-issues (issue 21; admin §2.2): the tenant's issues, newest mail date first — filter
// by publication, create (also ?action=add), edit, delete, and place content into the issue's
// sections (issue-placements.tsx). Fields are checked with the shared issue schema.
import { useState } from 'react';
import * as api from '../../data/api-magazine';
import type { MagazineIssue, MagazinePublication } from '../../data/api-magazine';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';
import { issueForm, issueInput, validateIssue, type IssueForm } from './magazine-forms';
import { IssuePlacements } from './issue-placements';

const HOME = '/admin/magazine-issues';

export default function MagazineIssuesScreen() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const [publicationId, setPublicationId] = useState<number | undefined>(undefined);
  const data = useAsync(async () => {
    const [publications, issues] = await Promise.all([api.getPublicationStream(), api.getIssues(publicationId)]);
    return { publications, issues };
  }, [publicationId]);
  const [editing, setEditing] = useState<MagazineIssue | null>(null);
  const [placing, setPlacing] = useState<MagazineIssue | null>(null);
  const creating = params.get('action') === 'add';
  const toast = useToast();
  const del = useDeleteFlow((i: MagazineIssue) => api.deleteMagazineIssue(i.id),
    () => { toast.success('Issue deleted.'); data.reload(); }, (e) => toast.error(errorText(e)));
  const close = () => { setEditing(null); if (creating) navigate(HOME, { replace: true }); };
  const publications = data.data?.publications ?? [];
  const issues = data.data?.issues ?? [];
  if (placing) return <Page title="Magazine issues"><IssuePlacements issue={placing} onDone={() => setPlacing(null)} /></Page>;
  return (
    <Page title="Magazine issues" actions={<Button variant="primary" icon="plus" onClick={() => navigate(`${HOME}?action=add`)}>New issue</Button>}>
      {data.loading && !data.data ? <Loading /> : data.error ? <ErrorPanel message={data.error} onRetry={data.reload} /> : (
        <Card actions={
          <SelectField label="Publication" value={publicationId ? String(publicationId) : ''} placeholder="All publications"
            options={publications.map((p) => ({ value: String(p.id), label: p.name }))} onChange={(x) => setPublicationId(x ? Number(x) : undefined)} />
        }>
          {issues.length === 0 ? <EmptyState icon="content" title="No issues yet">Issues carry a mail date, a cover and the stories placed into their sections.</EmptyState> : (
            <ListTable caption="Issues" columns={['Name', 'Publication', 'Mail date', 'Status', '']}>
              {issues.map((i) => (
                <tr key={i.id}>
                  <td className="cell-title">{i.name}</td>
                  <td className="muted">{i.publication.name}</td>
                  <td>{formatDate(i.issueDate)}</td>
                  <td>{i.status === 1 ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Inactive</Badge>}</td>
                  <td><Button size="sm" onClick={() => setPlacing(i)} aria-label={`Place stories in ${i.name}`}>Stories</Button></td>
                  <RowActions subject={i.name} onEdit={() => setEditing(i)} onDelete={() => del.ask(i)} />
                </tr>
              ))}
            </ListTable>
          )}
        </Card>
      )}
      {(creating && data.data) || editing ? (
        <IssueDialog issue={editing} publications={publications} publicationId={publicationId} onClose={close} onSaved={() => { data.reload(); close(); }} />
      ) : null}
      {del.deleting ? <ConfirmDialog title="Delete issue?" message={`${del.deleting.name} will be removed from the site.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function IssueDialog({ issue, publications, publicationId, onClose, onSaved }: {
  issue: MagazineIssue | null; publications: MagazinePublication[]; publicationId?: number; onClose: () => void; onSaved: () => void;
}) {
  const full = useAsync(async () => (issue ? api.getIssue(issue.id) : null), [issue?.id]);
  if (issue && full.loading) return null;
  return <IssueForm issue={full.data ?? issue} publications={publications} publicationId={publicationId} onClose={onClose} onSaved={onSaved} />;
}

function IssueForm({ issue, publications, publicationId, onClose, onSaved }: {
  issue: MagazineIssue | null; publications: MagazinePublication[]; publicationId?: number; onClose: () => void; onSaved: () => void;
}) {
  const form = useForm<IssueForm>(issueForm(issue, publicationId ?? (publications.length === 1 ? publications[0]!.id : undefined)), validateIssue);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const text = (key: keyof IssueForm) => ({ value: v[key], onChange: (x: string) => form.set(key, x), onBlur: () => form.touch(key), error: form.error(key), field: key });
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = issueInput(v);
      if (issue) await api.updateMagazineIssue(issue.id, input);
      else await api.createMagazineIssue(input);
      toast.success(issue ? 'Issue saved.' : 'Issue created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={issue ? 'Edit issue' : 'New issue'} onClose={onClose} submitLabel={issue ? 'Save' : 'Create issue'} busy={busy} onSubmit={() => void save()}>
      <SelectField label="Publication" required value={v.publicationId} options={publications.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(x) => { form.set('publicationId', x ?? ''); form.touch('publicationId'); }} error={form.error('publicationId')} field="publicationId" />
      <TextField label="Name" required {...text('name')} />
      <TextAreaField label="Description" {...text('description')} />
      <TextField label="Mail date" type="date" required {...text('issueDate')} />
      <TextField label="Cover image" hint="A site path (/files/…) or an http(s) URL" {...text('coverImage')} />
      <TextField label="Digital edition URL" type="url" {...text('digitalEditionUrl')} />
      <SelectField label="Status" required value={v.status} options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]} onChange={(x) => form.set('status', x ?? '1')} field="status" />
      <TextField label="Start date" type="date" hint="Live on the site from this day (optional)" {...text('startDate')} />
      <TextField label="End date" type="date" hint="Off the site from this day (optional)" {...text('endDate')} />
    </FormDialog>
  );
}
