// @vitest-environment happy-dom
// The parts directory card of the site settings (issue 42, sourceesb module): a parts API address
// that is not http(s), or carries a query, and a part limit out of range are refused with the shared
// schema's message under the field that holds them; a good address saves as settings.sourceesb.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { useForm, type FormApi } from '../../lib/use-form';
import { SourceesbCard } from './sourceesb-settings';
import { validateSettings } from './settings-form';

afterEach(cleanup);

const INITIAL: SiteSettings = siteSettingsSchema.parse({
  general: { siteName: 'Plant Pulse' }, header: { logo: '/images/logo.svg' }, footer: {},
  tenantInfo: { name: 'Plant Pulse', domain: 'plantpulse.example.com' },
  colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
});

let form: FormApi<SiteSettings>;
function Harness() {
  form = useForm<SiteSettings>(INITIAL, validateSettings);
  return <SourceesbCard form={form} />;
}

describe('parts directory settings', () => {
  it('names the field of a bad parts API address or part limit, then saves a good one', async () => {
    render(<Harness />);
    const url = screen.getByRole('textbox', { name: /^Parts API base URL/ });
    for (const bad of ['ftp://parts.example.com/api', 'javascript:alert(1)', 'https://parts.example.com/api?token=x']) {
      await act(async () => { fireEvent.change(url, { target: { value: bad } }); fireEvent.blur(url); });
      expect(form.errors, bad).toEqual({ 'sourceesb.apiBaseUrl': 'Must be an http(s) URL without a query, like https://parts.example.com/api/v1' });
      expect(url.getAttribute('aria-invalid')).toBe('true');
    }
    await act(async () => { fireEvent.change(url, { target: { value: 'https://parts.example.com/api/v1' } }); });
    expect(form.errors).toEqual({});
    const max = screen.getByRole('spinbutton', { name: /^Parts read per build/ });
    await act(async () => { fireEvent.change(max, { target: { value: '0' } }); fireEvent.blur(max); });
    expect(form.errors).toEqual({ 'sourceesb.maxParts': 'At least 1' });
    await act(async () => { fireEvent.change(max, { target: { value: '5000' } }); });
    expect(form.errors).toEqual({ 'sourceesb.maxParts': 'At most 2000' });
    await act(async () => { fireEvent.change(max, { target: { value: '' } }); });
    expect(form.errors).toEqual({});
    expect(siteSettingsSchema.parse(form.values).sourceesb).toEqual({ apiBaseUrl: 'https://parts.example.com/api/v1', maxParts: 500, timeoutMs: 5000 });
    // Emptying the address leaves no sourceesb settings behind.
    await act(async () => { fireEvent.change(url, { target: { value: '' } }); });
    expect(siteSettingsSchema.parse(form.values).sourceesb).toBeUndefined();
  });
});
