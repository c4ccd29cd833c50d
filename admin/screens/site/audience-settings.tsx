// The "Audience provider" card of the site settings (issue 42): which provider knows this site's
// readers (Omeda, the local fake, or none), Omeda's brand abbreviation, staging and input id, and
// the reader survey address (survey-gated items), and the outage switch disableOmeda. The Omeda app id is a secret of the server's environment
// (MASTHEAD_OMEDA_APP_ID), never a setting.
import type { SiteSettings } from '../../../engine/domain/settings';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import type { FormApi } from '../../lib/use-form';
import { Card } from '../../shell/page';
import { getIn, setIn } from './settings-form';

type Audience = NonNullable<SiteSettings['audience']>;
const OPTIONS = [{ value: 'omeda', label: 'Omeda' }, { value: 'fake', label: 'Local stand-in (demo and tests)' }];

export function AudienceCard({ form }: { form: FormApi<SiteSettings> }) {
  const a = getIn(form.values, 'audience') as Audience | undefined;
  const choose = (provider: string | null) => form.update((s) => {
    if (!provider) {
      const { audience: _gone, ...rest } = s;
      return rest as SiteSettings;
    }
    const prev = s.audience;
    return { ...s, audience: { brand: '', staging: false, disableOmeda: false, timeoutMs: 3000, ...prev, provider: provider as Audience['provider'] } };
  });
  return (
    <Card title="Audience provider" description="Readers’ products, memberships and newsletter subscriptions from the audience provider. Gating and newsletters keep working from Masthead’s own records when it is switched off or does not answer.">
      <div className="stack">
        <SelectField label="Provider" placeholder="None" value={a?.provider ?? ''} options={OPTIONS} onChange={choose} field="audience.provider" />
        {a && (
          <>
            <TextField label="Brand abbreviation" required value={a.brand} onChange={(v) => form.update((s) => setIn(s, 'audience.brand', v))}
              onBlur={() => form.touch('audience.brand')} error={form.error('audience.brand')} field="audience.brand" className="mono" />
            <TextField label="Input id (for newsletter opt in and out)" value={a.inputId ?? ''} className="mono"
              onChange={(v) => form.update((s) => setIn(s, 'audience.inputId', v.trim() ? v : undefined))}
              onBlur={() => form.touch('audience.inputId')} error={form.error('audience.inputId')} field="audience.inputId" />
            <TextField label="Reader survey address" value={a.surveyUrl ?? ''} className="mono"
              hint="Signed-in readers the provider does not know yet answer this survey to open survey-gated items (Omeda: your DragonForms address)."
              onChange={(v) => form.update((s) => setIn(s, 'audience.surveyUrl', v.trim() ? v : undefined))}
              onBlur={() => form.touch('audience.surveyUrl')} error={form.error('audience.surveyUrl')} field="audience.surveyUrl" />
            <CheckboxField label="Use Omeda’s staging system" checked={a.staging === true} onChange={(v) => form.update((s) => setIn(s, 'audience.staging', v))} />
            <CheckboxField label="Provider outage: stop asking it (disableOmeda)" checked={a.disableOmeda === true}
              onChange={(v) => form.update((s) => setIn(s, 'audience.disableOmeda', v))} />
          </>
        )}
      </div>
    </Card>
  );
}
