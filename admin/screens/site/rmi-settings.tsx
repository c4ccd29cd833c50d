// The "Inquiry form (RMI)" card of the site settings (issue 17): whether pages show their inquiry
// form blocks, and the address their inquiries are e-mailed to (required when switched on; the
// shared settings schema names the field).
import type { SiteSettings } from '../../../engine/domain/settings';
import { CheckboxField, TextField } from '../../components/fields';
import type { FormApi } from '../../lib/use-form';
import { Card } from '../../shell/page';
import { getIn, setIn } from './settings-form';

export function RmiCard({ form }: { form: FormApi<SiteSettings> }) {
  const enabled = getIn(form.values, 'rmi.enabled') === true;
  return (
    <Card title="Inquiry form (RMI)" description="Inquiry form blocks show only while this is on. Each inquiry is stored with the reader’s consent and e-mailed to the contact address.">
      <div className="stack">
        <CheckboxField label="Show inquiry forms (request more information)" checked={enabled} onChange={(v) => form.update((s) => setIn(s, 'rmi.enabled', v))} />
        <TextField label="Contact e-mail" type="email" required={enabled} value={String(getIn(form.values, 'rmi.contactEmail') ?? '')}
          onChange={(v) => form.update((s) => setIn(s, 'rmi.contactEmail', v))} onBlur={() => form.touch('rmi.contactEmail')} error={form.error('rmi.contactEmail')} field="rmi.contactEmail"
          hint="Where inquiries are sent; replies go to the reader." />
      </div>
    </Card>
  );
}
