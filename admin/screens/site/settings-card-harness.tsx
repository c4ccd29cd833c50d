// Test harness for one card of the site settings form: the card rendered on a real form
// (useForm with the shared schema's validation) over a minimal valid tenant's settings.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { useForm, type FormApi } from '../../lib/use-form';
import { validateSettings } from './settings-form';

/** A tenant's settings with only the required fields set. */
export function minimalSettings(siteName: string, domain: string): SiteSettings {
  return siteSettingsSchema.parse({
    general: { siteName }, header: { logo: '/images/logo.svg' }, footer: {},
    tenantInfo: { name: siteName, domain },
    colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
  });
}

/** Renders `Card` on a form over `initial`; `form()` is the form as of the last render. */
export function renderSettingsCard(Card: ComponentType<{ form: FormApi<SiteSettings> }>, initial: SiteSettings): { form: () => FormApi<SiteSettings> } {
  let form: FormApi<SiteSettings> | undefined;
  function Harness() {
    form = useForm<SiteSettings>(initial, validateSettings);
    return <Card form={form} />;
  }
  render(<Harness />);
  return { form: () => form! };
}
