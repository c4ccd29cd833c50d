// /admin/create-contract and /admin/contract/:id: a contributor contract's form (checked with the
// shared contractSchema). Creating e-mails the contributor their approval link; an approved contract
// is shown locked, with who approved it, when, from which (truncated) address and browser.
import { contractSchema } from '../../../engine/domain/company';
import * as api from '../../data/api';
import type { Contract } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate } from '../../lib/router';
import type { Params } from '../../lib/path-match';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { sanitizeBody } from '../../lib/sanitize-body';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/fields';
import { ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';

type ContractForm = { contributorName: string; contributorEmail: string; rate: string; startsOn: string; endsOn: string; template: string };

export const DEFAULT_TEMPLATE = '<p>{{name}} agrees to write for us at {{rate}} from {{start}} to {{end}}.</p>\n<p>Articles are delivered as agreed with the editor; we may edit them for length and style.</p>';

function inputOf(f: ContractForm): api.ContractInput {
  return {
    contributorName: f.contributorName.trim(), contributorEmail: f.contributorEmail.trim(), rate: f.rate.trim(), template: f.template,
    ...(f.startsOn ? { startsOn: f.startsOn } : {}), ...(f.endsOn ? { endsOn: f.endsOn } : {}),
  };
}

export function validateContract(f: ContractForm): FieldErrors {
  const r = contractSchema.safeParse(inputOf(f));
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export default function ContractEditScreen({ params }: { params: Params }) {
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const loaded = useAsync(() => (id === null ? Promise.resolve(null) : api.getContract(id)), [id]);
  if (loaded.loading) return <Page title="Contract"><Loading /></Page>;
  if (loaded.error) return <Page title="Contract"><ErrorPanel message={loaded.error} onRetry={loaded.reload} /></Page>;
  const c = loaded.data;
  if (c && c.status === 'approved') return <Approved contract={c} />;
  return <Editor key={c?.id ?? 'new'} contract={c ?? null} />;
}

function Approved({ contract: c }: { contract: Contract }) {
  return (
    <Page title={c.label} back={{ href: '/admin/contracts', label: 'Contracts' }}>
      <Card title="Approved and locked" description={`Approved by ${c.approvedName ?? ''} on ${formatDate(c.approvedAt, true)} from ${c.approvedIp || 'an unknown address'} (${c.approvedUserAgent || 'unknown browser'}).`}>
        <p>{c.contributorName} · {c.contributorEmail}{c.rate ? ` · ${c.rate}` : ''}{c.startsOn ? ` · ${c.startsOn}` : ''}{c.endsOn ? ` to ${c.endsOn}` : ''}</p>
        <div className="contract-terms" dangerouslySetInnerHTML={{ __html: sanitizeBody(c.terms) }} />
      </Card>
    </Page>
  );
}

function Editor({ contract }: { contract: Contract | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { busy, run } = useBusy();
  const form = useForm<ContractForm>(contract
    ? { contributorName: contract.contributorName, contributorEmail: contract.contributorEmail, rate: contract.rate, startsOn: contract.startsOn ?? '', endsOn: contract.endsOn ?? '', template: contract.template }
    : { contributorName: '', contributorEmail: '', rate: '', startsOn: '', endsOn: '', template: DEFAULT_TEMPLATE }, validateContract);
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      if (contract) {
        await api.updateContract(contract.id, inputOf(v));
        toast.success('Contract saved.');
      } else {
        const r = await api.createContract(inputOf(v));
        toast.success(`Contract created; the link was e-mailed to ${r.contract.contributorEmail}.`);
      }
      navigate('/admin/contracts');
    }, (e) => toast.error(errorText(e)));
  };
  const text = (k: keyof ContractForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={v[k]} onChange={(x) => form.set(k, x)} onBlur={() => form.touch(k)} error={form.error(k)} field={k} {...extra} />
  );
  return (
    <Page title={contract ? contract.label : 'New contract'} back={{ href: '/admin/contracts', label: 'Contracts' }}
      actions={<Button variant="primary" busy={busy} onClick={() => void save()}>{contract ? 'Save' : 'Create and send link'}</Button>}>
      <Card>
        <form className="stack" noValidate aria-label="Contract" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          {text('contributorName', 'Contributor name', { required: true })}
          {text('contributorEmail', 'Contributor e-mail', { required: true, type: 'email' })}
          {text('rate', 'Rate', { placeholder: '$500 per article' })}
          {text('startsOn', 'Starts on', { type: 'date' })}
          {text('endsOn', 'Ends on', { type: 'date' })}
          <TextAreaField label="Terms" required rows={10} hint="HTML. {{name}}, {{rate}}, {{start}} and {{end}} are filled in from the fields above." value={v.template}
            onChange={(x) => form.set('template', x)} onBlur={() => form.touch('template')} error={form.error('template')} field="template" />
          <button type="submit" hidden>Save</button>
        </form>
      </Card>
    </Page>
  );
}
