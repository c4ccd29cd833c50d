// The "Ads" card of the site settings (issue 19; public §4): whether the site requests its ad units
// from Google Publisher Tag — and from which script address (Google's by default, a site path for a
// local stand-in) — or serves only the house ads managed in the admin. Validated with the shared
// schema (ads.gpt.scriptUrl).
import { GPT_SCRIPT_URL, type SiteSettings } from '../../../engine/domain/settings';
import { CheckboxField, TextField } from '../../components/fields';
import type { FormApi } from '../../lib/use-form';
import { Card } from '../../shell/page';
import { getIn, setIn } from './settings-form';

export function AdsCard({ form }: { form: FormApi<SiteSettings> }) {
  const gpt = getIn(form.values, 'ads.gpt') !== undefined;
  const path = 'ads.gpt.scriptUrl';
  return (
    <Card title="Ads" description="Without an ad server the site shows the house ads; with one, house ads fill the slots it leaves empty.">
      <div className="stack">
        <CheckboxField label="Request ads from Google Publisher Tag" checked={gpt} field="ads.gpt"
          onChange={(on) => form.update((s) => setIn(s, 'ads', on ? { ...s.ads, gpt: { scriptUrl: GPT_SCRIPT_URL } } : undefined))} />
        {gpt ? (
          <TextField label="Ad library script" required placeholder={GPT_SCRIPT_URL} hint="An https:// address, or a site path for a local stand-in. Empty: Google's."
            value={String(getIn(form.values, path) ?? '')} onChange={(v) => form.update((s) => setIn(s, path, v.trim()))}
            onBlur={() => form.touch(path)} error={form.error(path)} field={path} className="mono" />
        ) : null}
      </div>
    </Card>
  );
}
