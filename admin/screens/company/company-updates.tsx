// /admin/company-updates (issue 22; admin §2.2): request a company's update of its own profile —
// pick the Company item, name the contact, and the contact is e-mailed a private link — and the
// list of requests with their state (awaiting the company, awaiting review, applied, rejected).
// manage_content; the menu shows it only when the tenant's company-updates module is on.
import { companyUpdateRequestSchema } from '../../../engine/domain/company-updates';
import * as api from '../../data/api';
import type { CompanyUpdate } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { Link } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';

type RequestForm = { contentId: string | null; contactName: string; contactEmail: string };

const inputOf = (f: RequestForm) => ({ contentId: f.contentId ? Number(f.contentId) : 0, contactName: f.contactName.trim(), contactEmail: f.contactEmail.trim() });

export function validateRequest(f: RequestForm): FieldErrors {
  const r = companyUpdateRequestSchema.safeParse(inputOf(f));
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  if (!f.contentId) errors.contentId = 'Field is required';
  return errors;
}

export const STATUS_LABEL: Record<CompanyUpdate['status'], { text: string; tone: 'gray' | 'amber' | 'green' | 'red' }> = {
  requested: { text: 'Awaiting the company', tone: 'gray' },
  submitted: { text: 'Awaiting review', tone: 'amber' },
  applied: { text: 'Applied', tone: 'green' },
  rejected: { text: 'Rejected', tone: 'red' },
};

export default function CompanyUpdatesScreen() {
  const toast = useToast();
  const list = useAsync(() => api.getCompanyUpdateStream(0, 200), []);
  const companies = useAsync(() => api.getCompanyOptions(), []);
  const { busy, run } = useBusy();
  const form = useForm<RequestForm>({ contentId: null, contactName: '', contactEmail: '' }, validateRequest);
  const v = form.values;
  const send = async () => {
    if (!form.check()) return;
    await run(async () => {
      const r = await api.createCompanyUpdate(inputOf(v));
      toast.success(`The update link was e-mailed to ${r.update.contactEmail}.`);
      form.reset({ contentId: null, contactName: '', contactEmail: '' });
      list.reload();
    }, (e) => toast.error(errorText(e)));
  };
  const revoke = async (u: CompanyUpdate) => {
    try { await api.revokeCompanyUpdateLink(u.id); toast.success('Link revoked.'); list.reload(); } catch (e) { toast.error(errorText(e)); }
  };
  const options = (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Page title="Company updates">
      <Card title="Request an update" description="The company's contact gets a private link (valid 14 days) to check and edit the profile. Nothing is published before you review it.">
        <form className="stack" noValidate aria-label="Request an update" onSubmit={(e) => { e.preventDefault(); void send(); }}>
          {companies.error ? <ErrorPanel message={companies.error} onRetry={companies.reload} /> : (
            <SelectField label="Company" required value={v.contentId} options={options} placeholder={companies.loading ? 'Loading…' : 'Choose a company…'}
              onChange={(x) => form.set('contentId', x)} onBlur={() => form.touch('contentId')} error={form.error('contentId')} field="contentId" />
          )}
          <TextField label="Contact name" required value={v.contactName} onChange={(x) => form.set('contactName', x)} onBlur={() => form.touch('contactName')} error={form.error('contactName')} field="contactName" />
          <TextField label="Contact e-mail" required type="email" value={v.contactEmail} onChange={(x) => form.set('contactEmail', x)} onBlur={() => form.touch('contactEmail')} error={form.error('contactEmail')} field="contactEmail" />
          <div><Button variant="primary" type="submit" busy={busy}>Send update link</Button></div>
        </form>
      </Card>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="content" title="No company updates yet">Request one above; the company's submission appears here for review.</EmptyState>
      ) : (
        <Card title={`${list.data?.totalCount ?? 0} company update${list.data?.totalCount === 1 ? '' : 's'}`}>
          <ListTable caption="Company updates" columns={['Company', 'Contact', 'State', 'Link']}>
            {list.data?.items.map((u) => (
              <tr key={u.id}>
                <td><Link href={`/admin/company-updates/${u.id}`}>{u.companyName}</Link></td>
                <td>{u.contactName} · {u.contactEmail}</td>
                <td><Badge tone={STATUS_LABEL[u.status].tone}>{STATUS_LABEL[u.status].text}</Badge></td>
                <td className="muted">{u.linkActive ? `Active until ${formatDate(u.tokenExpiresAt)}` : 'No active link'}</td>
                <td>{u.linkActive ? <Button size="sm" onClick={() => void revoke(u)}>Revoke link</Button> : null}</td>
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
    </Page>
  );
}
