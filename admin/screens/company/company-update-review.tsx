// /admin/company-updates/:id (issue 22): the company's submission beside the live profile, field by
// field. Staff tick the changes to publish ("Accept all" ticks every one) and may write a message to
// the company; applying publishes the ticked fields through the normal content edit (history, a
// rebuild) and rejects the rest. Rejecting everything needs a message. Reviewed updates are read-only.
import { useState } from 'react';
import * as api from '../../data/api';
import type { CompanyUpdate, CompanyUpdateField } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { usePublish } from '../../app/publish';
import { useTenant } from '../../app/tenant';
import { Link, useNavigate } from '../../lib/router';
import type { Params } from '../../lib/path-match';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/fields';
import { Badge, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { STATUS_LABEL } from './company-updates';

const BACK = { href: '/admin/company-updates', label: 'Company updates' };

export default function CompanyUpdateReviewScreen({ params }: { params: Params }) {
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : 0;
  const loaded = useAsync(() => api.getCompanyUpdate(id), [id]);
  if (loaded.loading && !loaded.data) return <Page title="Company update" back={BACK}><Loading /></Page>;
  if (loaded.error || !loaded.data) return <Page title="Company update" back={BACK}><ErrorPanel message={loaded.error ?? 'Not found'} onRetry={loaded.reload} /></Page>;
  return <Review key={`${loaded.data.id}-${loaded.data.status}`} update={loaded.data} onDone={loaded.reload} />;
}

function Value({ text }: { text: string | null }) {
  if (text === null || text === '') return <span className="muted">(empty)</span>;
  return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
}

function Review({ update: u, onDone }: { update: CompanyUpdate; onDone: () => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const publish = usePublish();
  const { tenantKey } = useTenant();
  const { busy, run } = useBusy();
  const fields = u.fields ?? [];
  const changed = fields.filter((f) => f.changed);
  const [accept, setAccept] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = u.status === 'submitted';
  const apply = async (fieldsToAccept: string[]) => {
    if (fieldsToAccept.length === 0 && !message.trim()) {
      setError('Say why the update is rejected (the company receives this message)');
      return;
    }
    await run(async () => {
      const review = () => api.reviewCompanyUpdate(u.id, { accept: fieldsToAccept, message: message.trim() });
      // Applied fields rebuild the company's page: the toolbar follows that build.
      const r = fieldsToAccept.length && tenantKey ? await publish.track(`Company update: ${u.companyName}`, tenantKey, review) : await review();
      toast.success(r.status === 'applied' ? `Applied ${fieldsToAccept.length} of ${changed.length} changes; the site is rebuilding.` : 'Update rejected; the company was told.');
      onDone();
    }, (e) => toast.error(errorText(e)));
  };
  const toggle = (f: CompanyUpdateField, on: boolean) => setAccept((a) => (on ? [...a, f.field] : a.filter((x) => x !== f.field)));
  const s = STATUS_LABEL[u.status];
  return (
    <Page title={`Update of ${u.companyName}`} back={BACK}
      actions={open ? <Button onClick={() => navigate('/admin/company-updates')}>Decide later</Button> : undefined}>
      <Card title="Request" description={`From ${u.contactName} (${u.contactEmail})${u.submittedAt ? `, submitted ${formatDate(u.submittedAt, true)}` : ''}.`}>
        <p><Badge tone={s.tone}>{s.text}</Badge> <Link href={`/admin/edit-content/${u.contentId}`}>Open the company item</Link></p>
        {u.status === 'requested' ? <p>The company has not sent its update yet{u.linkActive ? `; the link works until ${formatDate(u.tokenExpiresAt)}` : ' and the link no longer works'}.</p> : null}
        {u.reviewedAt ? <p>Reviewed {formatDate(u.reviewedAt, true)}.{u.message ? ` Message to the company: “${u.message}”` : ''}</p> : null}
      </Card>
      {u.status !== 'requested' ? (
        <Card title={open ? `${changed.length} changed fields` : 'Changes'}>
          <table className="table diff-table" aria-label="Proposed changes">
            <thead><tr><th scope="col">Field</th><th scope="col">Current</th><th scope="col">Proposed</th><th scope="col">{open ? 'Publish' : 'Decision'}</th></tr></thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.field} className={f.changed ? 'changed' : 'muted'}>
                  <th scope="row">{f.label}</th>
                  <td data-label="Current"><Value text={f.current} /></td>
                  <td data-label="Proposed">{f.changed ? <Value text={f.proposed} /> : <span className="muted">unchanged</span>}</td>
                  <td data-label={open ? 'Publish' : 'Decision'}>
                    {!f.changed ? null : open ? (
                      <label><input type="checkbox" checked={accept.includes(f.field)} onChange={(e) => toggle(f, e.target.checked)} aria-label={`Accept ${f.label}`} /> Accept</label>
                    ) : f.accepted ? <Badge tone="green">Accepted</Badge> : <Badge tone="red">Rejected</Badge>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {open ? (
            <div className="stack">
              <TextAreaField label="Message to the company" hint="Sent with the outcome; required when you reject every change." value={message}
                onChange={(x) => { setMessage(x); setError(undefined); }} error={error} field="message" rows={3} />
              <div className="button-row">
                <Button variant="primary" busy={busy} onClick={() => void apply(accept)}>{accept.length ? `Publish ${accept.length} accepted, reject the rest` : 'Reject all changes'}</Button>
                <Button busy={busy} onClick={() => void apply(changed.map((f) => f.field))} disabled={changed.length === 0}>Accept all</Button>
              </div>
            </div>
          ) : null}
        </Card>
      ) : null}
    </Page>
  );
}
