// The "Assistant" card of the site settings (issue 42, /admin/openai): the tenant's
// OpenAI-compatible chat-completions address and model, each overriding the installation's
// MASTHEAD_ASSISTANT_URL / MASTHEAD_ASSISTANT_MODEL, and whether gated items' bodies may be sent
// to the provider (off by default). The key stays a secret of the server's environment.
import type { SiteSettings } from '../../../engine/domain/settings';
import { CheckboxField, TextField } from '../../components/fields';
import type { FormApi } from '../../lib/use-form';
import { Card } from '../../shell/page';
import { getIn, setInPruned } from './settings-form';

const URL_PATH = 'assistant.url';
const MODEL_PATH = 'assistant.model';
const GATED_PATH = 'assistant.sendGatedBodies';

export function AssistantCard({ form }: { form: FormApi<SiteSettings> }) {
  const text = (path: string) => String(getIn(form.values, path) ?? '');
  return (
    <Card title="Assistant" description="The editors' assistant (Assistant in the Content menu): headline, summary, SEO and tag suggestions from an OpenAI-compatible chat-completions API. Empty fields use the server's own settings.">
      <div className="grid-2">
        <TextField label="Chat-completions URL" type="url" placeholder="https://api.openai.com/v1/chat/completions" value={text(URL_PATH)}
          onChange={(v) => form.update((s) => setInPruned(s, URL_PATH, v.trim() || undefined, 'assistant'))} onBlur={() => form.touch(URL_PATH)} error={form.error(URL_PATH)} field={URL_PATH}
          hint="OpenAI, Azure OpenAI or a self-hosted server. The API key is set on the server (MASTHEAD_ASSISTANT_KEY), never here." />
        <TextField label="Model" placeholder="gpt-4o-mini" value={text(MODEL_PATH)}
          onChange={(v) => form.update((s) => setInPruned(s, MODEL_PATH, v.trim() || undefined, 'assistant'))} onBlur={() => form.touch(MODEL_PATH)} error={form.error(MODEL_PATH)} field={MODEL_PATH}
          hint="The model, or the Azure deployment name." />
      </div>
      <CheckboxField label="Send the bodies of gated items to the provider" checked={getIn(form.values, GATED_PATH) === true} field={GATED_PATH}
        onChange={(on) => form.update((s) => setInPruned(s, GATED_PATH, on ? true : undefined, 'assistant'))}
        hint="Off: for an item behind registration or a membership, the assistant sends its title and teaser only." />
    </Card>
  );
}
