// /admin/edit-cta-message (manage_header_cta, admin §2.2): the header call-to-action message alone,
// saved through updateHeaderCta. At most 200 characters; saving it empty removes the message.
import { useState } from 'react';
import * as api from '../../data/api';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../components/button';
import { TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';

const MAX = 200;

export default function EditCtaMessageScreen() {
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => (await api.getSiteSettingsNew()).headerCtaText ?? '', []);
  if (loaded.loading) return <Loading />;
  if (loaded.error || loaded.data === undefined || loaded.data === null) {
    return <Page title="Header call to action"><ErrorPanel message={loaded.error ?? ''} onRetry={loaded.reload} /></Page>;
  }
  return <CtaEditor initial={loaded.data} tenantKey={tenantKey as string} />;
}

function CtaEditor({ initial, tenantKey }: { initial: string; tenantKey: string }) {
  const [text, setText] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const publish = usePublish();
  const error = text.trim().length > MAX ? `Must be at most ${MAX} characters` : undefined;
  const save = async () => {
    if (error) return;
    setBusy(true);
    try {
      const r = await publish.track('Header call to action', tenantKey, () => api.updateHeaderCta(text, tenantKey));
      setText(r.headerCtaText ?? '');
      setSaved(r.headerCtaText ?? '');
      toast.success(r.headerCtaText ? 'Message saved.' : 'Message removed.');
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title="Header call to action"
      actions={<Button variant="primary" busy={busy} disabled={text === saved || !!error} onClick={() => void save()}>Save message</Button>}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Header call to action">
        <Card title="Message">
          <TextField label="Message shown in the site header" value={text} onChange={setText} error={error} field="text"
            hint={`At most ${MAX} characters (${text.trim().length} now). Leave empty to remove it.`} />
        </Card>
      </form>
    </Page>
  );
}
