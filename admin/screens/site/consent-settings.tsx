// The "Consent and tracking" card of the site settings (issue #18): the regional default (opt-in for
// GDPR/CASL regions, opt-out with a "Do not sell or share" link for US states), whether account
// events (registration funnel, newsletter sign-ups) need performance consent, and the category ids
// the tenant's tag manager expects (C0001–C0005 by default). Changing an id asks readers again.
import { CONSENT_CATEGORIES, CATEGORY_LABELS, DEFAULT_CATEGORY_IDS } from '../../../engine/domain/consent';
import type { SiteSettings } from '../../../engine/domain/settings';
import { SelectField, TextField } from '../../components/fields';
import type { FormApi } from '../../lib/use-form';
import { Card } from '../../shell/page';
import { getIn, setIn } from './settings-form';

export const CONSENT_MODE_OPTIONS = [
  { value: 'opt-in', label: 'Opt-in: ask before anything optional loads (GDPR, CASL)' },
  { value: 'opt-out', label: 'Opt-out: on until the reader says no, with “Do not sell or share” (US states)' },
];

export const NECESSARY_EVENT_OPTIONS = [
  { value: 'always', label: 'Always: they are strictly necessary' },
  { value: 'with-consent', label: 'Only with performance and analytics consent' },
];

export function ConsentCard({ form }: { form: FormApi<SiteSettings> }) {
  return (
    <Card title="Consent and tracking" description="Third-party scripts load only with the reader’s consent for their category. Changing a category id asks every reader again.">
      <div className="grid-2">
        <SelectField className="span-2" label="Regional default" required options={CONSENT_MODE_OPTIONS}
          value={(getIn(form.values, 'consent.mode') as string | undefined) ?? 'opt-in'}
          onChange={(v) => form.update((s) => setIn(s, 'consent.mode', v ?? 'opt-in'))} field="consent.mode" />
        <SelectField className="span-2" label="Account events (registration steps, newsletter sign-ups)" required options={NECESSARY_EVENT_OPTIONS}
          value={(getIn(form.values, 'consent.necessaryEvents') as string | undefined) ?? 'always'}
          onChange={(v) => form.update((s) => setIn(s, 'consent.necessaryEvents', v ?? 'always'))} field="consent.necessaryEvents" />
        {CONSENT_CATEGORIES.map((c) => {
          const path = `consent.categoryIds.${c}`;
          return (
            <TextField key={c} label={`${CATEGORY_LABELS[c].title} category id`} placeholder={DEFAULT_CATEGORY_IDS[c]}
              hint={`Empty: ${DEFAULT_CATEGORY_IDS[c]}.`} value={String(getIn(form.values, path) ?? '')}
              onChange={(v) => form.update((s) => setIn(s, path, v))} onBlur={() => form.touch(path)} error={form.error(path)} field={path} />
          );
        })}
      </div>
    </Card>
  );
}
