// /admin/memberships and /admin/create-membership (manage_memberships): the tenant's memberships
// (admin §3.6) with their status and free flag, and the editor of a membership's fields: title,
// alias (the signup page's /membership/signup/{alias}), status, free flag, the profile fields and
// demographic questions a signup requires. Checked with the shared membershipSchema.
import { useState } from 'react';
import { COMMON_USER_FIELDS } from '../../../engine/domain/members';
import * as api from '../../data/api';
import type { DemographicQuestionSummary, Membership } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { CheckboxField, CheckboxGroup, RadioGroup, TextAreaField, TextField } from '../../components/fields';
import { Icon } from '../../components/icons';
import { Badge, EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { emptyMembership, serverFieldError, membershipToForm, toMembershipWrite, validateMembership, withTitle, type MembershipForm } from './member-forms';
import { ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';

const FIELD_OPTIONS = Object.entries(COMMON_USER_FIELDS).map(([value, label]) => ({ value, label }));

export default function MembershipsScreen() {
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useAsync(async () => ({ items: await api.getMembershipStream(), tenantKey: tenantKey as string }), [tenantKey]);
  const questions = useAsync(() => api.getDemographicQuestions().catch(() => [] as DemographicQuestionSummary[]), [tenantKey]);
  const [editing, setEditing] = useState<Membership | null>(null);
  const toast = useToast();
  const creating = pathname.startsWith('/admin/create-membership');
  const tk = list.data?.tenantKey ?? '';
  const items = list.data?.items ?? [];
  const close = () => {
    setEditing(null);
    if (creating) navigate('/admin/memberships', { replace: true });
  };
  const del = useDeleteFlow((m: Membership) => api.deleteMembership(m.id, tk), (m) => { toast.success(`Membership “${m.title}” deleted.`); list.reload(); }, (e) => toast.error(errorText(e)));

  return (
    <Page title="Memberships" eyebrow="Members"
      actions={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-membership')}>New membership</Button>}>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : items.length === 0 ? (
        <EmptyState icon="star" title="No memberships yet" action={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-membership')}>Create a membership</Button>}>
          Memberships open gated content to the readers who hold them. Free ones can be chosen at signup.
        </EmptyState>
      ) : (
        <Card title={`${items.length} ${items.length === 1 ? 'membership' : 'memberships'}`} description="Readers choose a free membership when they register; paid ones are granted on the site user’s page.">
          <ListTable caption="Memberships" columns={['Membership', 'Price', 'Status', { label: 'Signup asks for', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]}>
                {items.map((m) => (
                  <tr key={m.id}>
                    <td className="cell-title">
                      <button type="button" className="link-button mb-title" onClick={() => setEditing(m)}>{m.title}</button>
                      <span className="muted block mono mb-alias">/membership/signup/{m.alias}</span>
                    </td>
                    <td>{m.isFree ? <Badge tone="blue">Free</Badge> : <Badge tone="violet">Paid</Badge>}</td>
                    <td>{m.status === 1 ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                    <td className="col-hide-sm muted">{requirementSummary(m)}</td>
                    <td className="col-id mono muted">{m.id}</td>
                    <RowActions subject={m.title} onEdit={() => setEditing(m)} onDelete={() => del.ask(m)} />
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
      {creating || editing ? (
        <MembershipDialog membership={editing} tenantKey={tk} questions={questions.data ?? []} onClose={close}
          onSaved={() => { list.reload(); close(); }} />
      ) : null}
      {del.deleting ? (
        <ConfirmDialog title="Delete membership?" confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()}
          message={`“${del.deleting.title}” is removed. A membership that content lists or members hold cannot be deleted: set it inactive instead.`} />
      ) : null}
    </Page>
  );
}

function requirementSummary(m: Membership): string {
  const names = m.requiredUserCommonFields.map((f) => COMMON_USER_FIELDS[f as keyof typeof COMMON_USER_FIELDS] ?? f);
  const demo = m.requiredUserDemographicFields.length;
  const parts: string[] = [...names];
  if (demo) parts.push(`${demo} demographic ${demo === 1 ? 'question' : 'questions'}`);
  return parts.length ? parts.join(', ') : 'Email only';
}

type QuestionUse = 'none' | 'additional' | 'required';

function MembershipDialog({ membership, tenantKey, questions, onClose, onSaved }: {
  membership: Membership | null; tenantKey: string; questions: DemographicQuestionSummary[]; onClose: () => void; onSaved: () => void;
}) {
  const form = useForm<MembershipForm>(membership ? membershipToForm(membership) : emptyMembership(), validateMembership);
  const [server, setServer] = useState<Record<string, string>>({});
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const err = (k: string) => form.error(k) ?? server[k];
  const change = (fn: (f: MembershipForm) => MembershipForm, ...keys: string[]) => {
    form.update(fn);
    if (keys.some((k) => server[k])) setServer((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k))));
  };
  const useOf = (id: number): QuestionUse => (v.requiredUserDemographicFields.includes(id) ? 'required' : v.additionalUserDemographicFields.includes(id) ? 'additional' : 'none');
  const setUse = (id: number, use: QuestionUse) => change((f) => ({
    ...f,
    requiredUserDemographicFields: use === 'required' ? [...f.requiredUserDemographicFields.filter((x) => x !== id), id] : f.requiredUserDemographicFields.filter((x) => x !== id),
    additionalUserDemographicFields: use === 'additional' ? [...f.additionalUserDemographicFields.filter((x) => x !== id), id] : f.additionalUserDemographicFields.filter((x) => x !== id),
  }));

  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = toMembershipWrite(v);
      if (membership) await api.updateMembership(membership.id, input, tenantKey);
      else await api.createMembership(input, tenantKey);
      toast.success(membership ? `Membership “${input.title}” saved.` : `Membership “${input.title}” created.`);
      onSaved();
    }, (e) => {
      const f = serverFieldError(e);
      if (f) setServer({ [f.path]: f.message });
      else toast.error(errorText(e));
    });
  };

  return (
    <FormDialog title={membership ? `Edit ${membership.title}` : 'New membership'} onClose={onClose} width={760} submitLabel={membership ? 'Save' : 'Create membership'} busy={busy} onSubmit={() => void save()} formLabel="Membership">
        <div className="grid-2">
          <TextField label="Title" required value={v.title} onChange={(x) => change((f) => withTitle(f, x), 'title', 'alias')} onBlur={() => form.touch('title')} error={err('title')} field="title" />
          <TextField label="Alias" required value={v.alias} onChange={(x) => change((f) => ({ ...f, alias: x, aliasEdited: true }), 'alias')} onBlur={() => form.touch('alias')}
            error={err('alias')} field="alias" hint={v.alias ? <>Signup page: <code>/membership/signup/{v.alias}</code></> : 'Lower-case words joined by hyphens'} />
        </div>
        <TextAreaField label="Description" value={v.description} rows={3} onChange={(x) => change((f) => ({ ...f, description: x }), 'description')} error={err('description')} field="description"
          hint="Shown on the choose-a-membership page." />
        <div className="grid-2">
          <RadioGroup legend="Status" name="membership-status" value={v.status} options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]}
            onChange={(x) => change((f) => ({ ...f, status: x as '0' | '1' }), 'status')} />
          <TextField label="Omeda product" value={v.omedaProduct} onChange={(x) => change((f) => ({ ...f, omedaProduct: x }), 'omedaProduct')} error={err('omedaProduct')} field="omedaProduct"
            hint="Optional audience-provider product id." />
        </div>
        <div className="mb-free">
          <CheckboxField label="Free membership" checked={v.isFree} onChange={(x) => change((f) => ({ ...f, isFree: x }), 'isFree')} field="isFree"
            hint="Readers can choose it when they register. Paid memberships are granted by staff on the site user’s page." />
        </div>
        <CheckboxGroup legend="Required profile fields" columns={4} options={FIELD_OPTIONS} value={v.requiredUserCommonFields}
          onChange={(x) => change((f) => ({ ...f, requiredUserCommonFields: x }), 'requiredUserCommonFields')} error={err('requiredUserCommonFields')} field="requiredUserCommonFields" />
        <QuestionTable questions={questions} useOf={useOf} setUse={setUse} error={err('requiredUserDemographicFields') ?? err('additionalUserDemographicFields')} />
    </FormDialog>
  );
}

function QuestionTable({ questions, useOf, setUse, error }: {
  questions: DemographicQuestionSummary[]; useOf: (id: number) => QuestionUse; setUse: (id: number, u: QuestionUse) => void; error?: string;
}) {
  return (
    <fieldset className={`field mb-questions${error ? ' field-invalid' : ''}`}>
      <legend className="field-label">Demographic questions</legend>
      {questions.length === 0 ? (
        <p className="field-hint mb-none"><Icon name="info" size={14} /> This site has no demographic questions yet.</p>
      ) : (
        <ul className="mb-question-list">
          {questions.map((q) => (
            <li key={q.id} className="mb-question">
              <span className="mb-question-text">{q.description}<span className="muted mono"> {q.formKey}</span></span>
              <span className="segmented segmented-sm" role="radiogroup" aria-label={`Signup use of “${q.description}”`}>
                {(['none', 'additional', 'required'] as const).map((u) => (
                  <label key={u} className={`segment${useOf(q.id) === u ? ' segment-on' : ''}`}>
                    <input type="radio" name={`q-${q.id}`} value={u} checked={useOf(q.id) === u} onChange={() => setUse(q.id, u)} />
                    <span>{u === 'none' ? 'Not asked' : u === 'additional' ? 'Optional' : 'Required'}</span>
                  </label>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="field-error"><Icon name="alert" size={14} />{error}</p> : null}
    </fieldset>
  );
}
