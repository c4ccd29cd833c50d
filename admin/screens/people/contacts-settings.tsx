// /admin/contacts-settings (manage_contacts, issue 16): the tenant's contacts — a title and an
// ordered list of people (at most 100, admin §9) that getContacts answers.
import { useState } from 'react';
import * as api from '../../data/api';
import type { Contacts } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ChipPicker, type Chip } from '../../components/chip-picker';
import { TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { validateContacts } from './people-forms';
import { CONTACTS_LIMIT } from '../../../engine/domain/people';

export default function ContactsSettingsScreen() {
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => ({ contacts: await api.getContacts(), tenantKey: tenantKey as string }), []);
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Contacts"><ErrorPanel message={loaded.error ?? ''} onRetry={loaded.reload} /></Page>;
  return <ContactsEditor initial={loaded.data.contacts} tenantKey={loaded.data.tenantKey} />;
}

const chipOf = (p: { id: number; fullName: string; title?: string | null }): Chip => ({ id: p.id, label: p.fullName, ...(p.title ? { detail: p.title } : {}) });

function ContactsEditor({ initial, tenantKey }: { initial: Contacts; tenantKey: string }) {
  const [title, setTitle] = useState(initial.title);
  const [chips, setChips] = useState<Chip[]>(initial.persons.map(chipOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const { busy, run } = useBusy();
  const save = async () => {
    const e = validateContacts(title, chips.map((c) => c.id));
    setErrors(e);
    if (Object.keys(e).length) return;
    await run(async () => {
      const r = await api.updateContactsSettings({ title: title.trim(), personIds: chips.map((c) => c.id) }, tenantKey);
      setChips(r.persons.map(chipOf));
      toast.success('Contacts saved.');
    }, (err) => toast.error(errorText(err)));
  };
  return (
    <Page title="Contacts" actions={<Button variant="primary" busy={busy} onClick={() => void save()}>Save contacts</Button>}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Contacts settings">
        <Card title="Contacts">
          <div className="stack">
            <TextField label="Title" value={title} onChange={setTitle} error={errors.title} field="title" />
            <ChipPicker label="People" ordered selected={chips} onChange={setChips} placeholder="Search people…"
              search={async (text) => (await api.getPersonStream(text)).map(chipOf)} error={errors.personIds}
              hint={`At most ${CONTACTS_LIMIT}, in the order shown (${chips.length} now).`} />
          </div>
        </Card>
      </form>
    </Page>
  );
}
