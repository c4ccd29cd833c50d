// @vitest-environment happy-dom
// The audience provider card of the site settings (issue 42): choosing a provider asks for a brand
// abbreviation (the shared schema's message), the outage switch is saved as disableOmeda, and
// choosing none removes the provider.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { useForm, type FormApi } from '../../lib/use-form';
import { AudienceCard } from './audience-settings';
import { validateSettings } from './settings-form';

afterEach(cleanup);

const INITIAL: SiteSettings = siteSettingsSchema.parse({
  general: { siteName: 'FreightWise' }, header: { logo: '/images/logo.svg' }, footer: {},
  tenantInfo: { name: 'FreightWise', domain: 'freightwise.example.com' },
  colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
});

let form: FormApi<SiteSettings>;
function Harness() {
  form = useForm<SiteSettings>(INITIAL, validateSettings);
  return <AudienceCard form={form} />;
}

describe('audience provider settings', () => {
  it('needs a valid brand once Omeda is chosen, saves the outage switch, and removes the provider with None', async () => {
    render(<Harness />);
    expect(screen.queryByLabelText(/Brand abbreviation/)).toBeNull();
    await act(async () => { fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'omeda' } }); });
    const brand = screen.getByRole('textbox', { name: /^Brand abbreviation/ });
    await act(async () => { fireEvent.blur(brand); });
    expect(form.errors['audience.brand']).toBe('A brand abbreviation has 1 to 40 letters, digits, _ or -');
    await act(async () => { fireEvent.change(brand, { target: { value: 'FW' } }); });
    await act(async () => { fireEvent.click(screen.getByLabelText('Provider outage: stop asking it (disableOmeda)')); });
    expect(form.errors).toEqual({});
    expect(siteSettingsSchema.parse(form.values).audience).toEqual({ provider: 'omeda', brand: 'FW', staging: false, disableOmeda: true, timeoutMs: 3000 });
    await act(async () => { fireEvent.change(screen.getByLabelText('Provider'), { target: { value: '' } }); });
    expect(siteSettingsSchema.parse(form.values).audience).toBeUndefined();
  });
});
