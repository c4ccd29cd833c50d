// @vitest-environment happy-dom
// The inquiry form (RMI) card of the site settings (issue 17): switching RMI on requires a contact
// address (the shared schema's message under the field), and the saved settings carry both.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rmiContact } from '../../../engine/domain/inquiry';
import { siteSettingsSchema } from '../../../engine/domain/settings';
import { RmiCard } from './rmi-settings';
import { minimalSettings, renderSettingsCard } from './settings-card-harness';

afterEach(cleanup);



describe('RMI settings', () => {
  it('needs a contact address once switched on, then saves both', async () => {
    const { form: current } = renderSettingsCard(RmiCard, minimalSettings('FreightWise', 'freightwise.example.com'));
    expect(rmiContact(siteSettingsSchema.parse(current().values))).toBeNull();
    await act(async () => { fireEvent.click(screen.getByLabelText('Show inquiry forms (request more information)')); });
    const email = screen.getByRole('textbox', { name: /^Contact e-mail/ });
    await act(async () => { fireEvent.blur(email); });
    expect(current().errors).toEqual({ 'rmi.contactEmail': 'Field is required' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(email, { target: { value: 'not an address' } }); });
    expect(current().errors['rmi.contactEmail']).toBe('Must be an e-mail address');
    await act(async () => { fireEvent.change(email, { target: { value: 'sales@freightwise.example.com' } }); });
    expect(current().errors).toEqual({});
    const saved = siteSettingsSchema.parse(current().values);
    expect(saved.rmi).toEqual({ enabled: true, contactEmail: 'sales@freightwise.example.com' });
    expect(rmiContact(saved)).toBe('sales@freightwise.example.com');
  });
});
