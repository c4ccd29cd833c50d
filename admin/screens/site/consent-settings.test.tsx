// @vitest-environment happy-dom
// The consent card of the site settings (issue #18): the regional default and the tenant's category
// ids (C0001–C0005 by default) are edited in the site settings and validated with the shared schema.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { consentConfigOf } from '../../../engine/domain/consent';
import { useForm, type FormApi } from '../../lib/use-form';
import { ConsentCard } from './consent-settings';
import { validateSettings } from './settings-form';

afterEach(cleanup);

const INITIAL: SiteSettings = siteSettingsSchema.parse({
  general: { siteName: 'FreightWise' },
  header: { logo: '/images/logo.svg' },
  footer: {},
  tenantInfo: { name: 'FreightWise', domain: 'freightwise.example.com' },
  colors: {
    primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' },
    secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' },
  },
});

let form: FormApi<SiteSettings>;
function Harness() {
  form = useForm<SiteSettings>(INITIAL, validateSettings);
  return <ConsentCard form={form} />;
}

describe('consent settings', () => {
  it('sets the regional default, the account-event policy and the tag manager’s category ids, refusing an id the schema does not take', async () => {
    render(<Harness />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Performance and analytics category id/ }).placeholder).toBe('C0002');

    await act(async () => { fireEvent.change(screen.getByRole('combobox', { name: /Regional default/ }), { target: { value: 'opt-out' } }); });
    await act(async () => { fireEvent.change(screen.getByRole('combobox', { name: /Account events/ }), { target: { value: 'with-consent' } }); });
    const perf = screen.getByRole('textbox', { name: /^Performance and analytics category id/ });
    await act(async () => { fireEvent.change(perf, { target: { value: 'C 02!' } }); });
    await act(async () => { fireEvent.blur(perf); });
    expect(screen.getByText('Up to 32 letters, digits, _ or -, like C0002')).toBeTruthy();
    expect(perf.getAttribute('aria-invalid')).toBe('true');

    await act(async () => { fireEvent.change(perf, { target: { value: 'PERF_2' } }); });
    expect(form.errors).toEqual({});
    const saved = siteSettingsSchema.parse(form.values);
    expect(saved.consent).toEqual({ mode: 'opt-out', necessaryEvents: 'with-consent', categoryIds: { performance: 'PERF_2' } });
    // What the pages carry: the tenant's id for performance, the defaults for the rest.
    expect(consentConfigOf(saved.consent)).toMatchObject({ mode: 'opt-out', necessaryEvents: 'with-consent' });
    expect(consentConfigOf(saved.consent).ids).toEqual({ necessary: 'C0001', performance: 'PERF_2', functional: 'C0003', targeting: 'C0004', social: 'C0005' });
  });
});
