// @vitest-environment happy-dom
// The ads card of the site settings (issue 19): switching Google Publisher Tag on stores its script
// address (Google's by default), a bad address is refused naming the field, switching it off leaves
// the site on house ads only — validated with the shared schema the build reads.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GPT_SCRIPT_URL, siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { useForm, type FormApi } from '../../lib/use-form';
import { AdsCard } from './ads-settings';
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
  return <AdsCard form={form} />;
}

describe('ads settings', () => {
  it('switches Google Publisher Tag on with Google\'s script, refuses a bad script address by field, and switches it off', async () => {
    render(<Harness />);
    expect(screen.queryByRole('textbox', { name: /Ad library script/ })).toBeNull();
    await act(async () => { fireEvent.click(screen.getByRole('checkbox', { name: 'Request ads from Google Publisher Tag' })); });
    const script = screen.getByRole<HTMLInputElement>('textbox', { name: /Ad library script/ });
    expect(script.value).toBe(GPT_SCRIPT_URL);
    expect(siteSettingsSchema.parse(form.values).ads).toEqual({ gpt: { scriptUrl: GPT_SCRIPT_URL } });

    await act(async () => { fireEvent.change(script, { target: { value: 'http://ads.example/gpt.js' } }); });
    await act(async () => { fireEvent.blur(script); });
    expect(form.errors).toEqual({ 'ads.gpt.scriptUrl': 'Must be an https:// address or a site path' });
    expect(script.getAttribute('aria-invalid')).toBe('true');

    await act(async () => { fireEvent.change(script, { target: { value: ' /__e2e/gpt.js ' } }); });
    expect(form.errors).toEqual({});
    expect(siteSettingsSchema.parse(form.values).ads).toEqual({ gpt: { scriptUrl: '/__e2e/gpt.js' } });
    // Emptied, Google's script is used.
    await act(async () => { fireEvent.change(script, { target: { value: '' } }); });
    expect(siteSettingsSchema.parse(form.values).ads).toEqual({ gpt: { scriptUrl: GPT_SCRIPT_URL } });

    await act(async () => { fireEvent.click(screen.getByRole('checkbox', { name: 'Request ads from Google Publisher Tag' })); });
    expect(siteSettingsSchema.parse(form.values).ads).toBeUndefined();
  });
});
