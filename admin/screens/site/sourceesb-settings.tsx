// The "Parts directory (SourceESB)" card of the site settings (issue 42): the parts API the build
// reads for the sourceesb layout module, and how many parts a build reads at most. The API token is
// a secret of the build's environment (MASTHEAD_SOURCEESB_TOKEN), never edited here. The shared
// settings schema (engine/domain/sourceesb.ts) names the field of each error.
import type { SiteSettings } from '../../../engine/domain/settings';
import { TextField } from '../../components/fields';
import type { FormApi } from '../../lib/use-form';
import { Card } from '../../shell/page';
import { getIn, setInPruned } from './settings-form';

const URL_PATH = 'sourceesb.apiBaseUrl';
const MAX_PATH = 'sourceesb.maxParts';

export function SourceesbCard({ form }: { form: FormApi<SiteSettings> }) {
  const max = getIn(form.values, MAX_PATH);
  return (
    <Card title="Parts directory (SourceESB)" description="Used by a module layout keyed sourceesb: each full build reads the parts, their details and datasheets from this API. When it cannot, the site keeps the parts it last read.">
      <div className="grid-2">
        <TextField label="Parts API base URL" type="url" placeholder="https://parts.example.com/api/v1" value={String(getIn(form.values, URL_PATH) ?? '')}
          onChange={(v) => form.update((s) => setInPruned(s, URL_PATH, v.trim() || undefined, 'sourceesb'))} onBlur={() => form.touch(URL_PATH)} error={form.error(URL_PATH)} field={URL_PATH}
          hint="The build sends the token from its environment (MASTHEAD_SOURCEESB_TOKEN) as a bearer token." />
        <TextField label="Parts read per build" type="number" value={max === undefined ? '' : String(max)}
          onChange={(v) => form.update((s) => setInPruned(s, MAX_PATH, v.trim() === '' ? undefined : Number(v), 'sourceesb'))} onBlur={() => form.touch(MAX_PATH)} error={form.error(MAX_PATH)} field={MAX_PATH}
          hint="1 to 2,000; 500 when empty." />
      </div>
    </Card>
  );
}
