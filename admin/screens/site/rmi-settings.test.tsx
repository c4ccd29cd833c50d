// @vitest-environment happy-dom
// The inquiry form (RMI) card of the site settings (issue 17): switching RMI on requires a contact
// address (the shared schema's message under the field), and the saved settings carry both.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rmiContact } from '../../../engine/domain/inquiry';
import { siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { useForm, type FormApi } from '../../lib/use-form';
import { RmiCard } from './rmi-settings';
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
  return <RmiCard form={form} />;
}

describe('RMI settings', () => {
  it('needs a contact address once switched on, then saves both', async () => {
    render(<Harness />);
    expect(rmiContact(siteSettingsSchema.parse(form.values))).toBeNull();
    await act(async () => { fireEvent.click(screen.getByLabelText('Show inquiry forms (request more information)')); });
    const email = screen.getByRole('textbox', { name: /^Contact e-mail/ });
    await act(async () => { fireEvent.blur(email); });
    expect(form.errors).toEqual({ 'rmi.contactEmail': 'Field is required' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(email, { target: { value: 'not an address' } }); });
    expect(form.errors['rmi.contactEmail']).toBe('Must be an e-mail address');
    await act(async () => { fireEvent.change(email, { target: { value: 'sales@freightwise.example.com' } }); });
    expect(form.errors).toEqual({});
    const saved = siteSettingsSchema.parse(form.values);
    expect(saved.rmi).toEqual({ enabled: true, contactEmail: 'sales@freightwise.example.com' });
    expect(rmiContact(saved)).toBe('sales@freightwise.example.com');
  });
});
