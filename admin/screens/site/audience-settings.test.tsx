// @vitest-environment happy-dom
// The audience provider card of the site settings (issue 42): choosing a provider asks for a brand
// abbreviation (the shared schema's message), the outage switch is saved as disableOmeda, and
// choosing none removes the provider.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../../engine/domain/settings';
import { AudienceCard } from './audience-settings';
import { minimalSettings, renderSettingsCard } from './settings-card-harness';

afterEach(cleanup);



describe('audience provider settings', () => {
  it('needs a valid brand once Omeda is chosen, saves the outage switch, and removes the provider with None', async () => {
    const { form: current } = renderSettingsCard(AudienceCard, minimalSettings('FreightWise', 'freightwise.example.com'));
    expect(screen.queryByLabelText(/Brand abbreviation/)).toBeNull();
    await act(async () => { fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'omeda' } }); });
    const brand = screen.getByRole('textbox', { name: /^Brand abbreviation/ });
    await act(async () => { fireEvent.blur(brand); });
    expect(current().errors['audience.brand']).toBe('A brand abbreviation has 1 to 40 letters, digits, _ or -');
    await act(async () => { fireEvent.change(brand, { target: { value: 'FW' } }); });
    await act(async () => { fireEvent.click(screen.getByLabelText('Provider outage: stop asking it (disableOmeda)')); });
    expect(current().errors).toEqual({});
    expect(siteSettingsSchema.parse(current().values).audience).toEqual({ provider: 'omeda', brand: 'FW', staging: false, disableOmeda: true, timeoutMs: 3000 });
    await act(async () => { fireEvent.change(screen.getByLabelText('Provider'), { target: { value: '' } }); });
    expect(siteSettingsSchema.parse(current().values).audience).toBeUndefined();
  });

  it('takes a reader survey address: an https address or a path on the site, else an error under the field', async () => {
    const { form: current } = renderSettingsCard(AudienceCard, minimalSettings('FreightWise', 'freightwise.example.com'));
    await act(async () => { fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'fake' } }); });
    await act(async () => { fireEvent.change(screen.getByRole('textbox', { name: /^Brand abbreviation/ }), { target: { value: 'FW' } }); });
    const survey = screen.getByRole('textbox', { name: /^Reader survey address/ });
    for (const bad of ['http://forms.example.com/s', '//evil.example/s', '/\\evil.example/s', 'javascript:alert(1)']) {
      await act(async () => { fireEvent.change(survey, { target: { value: bad } }); fireEvent.blur(survey); });
      expect(current().errors['audience.surveyUrl']).toBe('Must be an https address or a path on this site starting with /');
    }
    await act(async () => { fireEvent.change(survey, { target: { value: 'https://fw.dragonforms.example/survey' } }); });
    expect(current().errors).toEqual({});
    await act(async () => { fireEvent.change(survey, { target: { value: '/__member/reader-survey' } }); });
    expect(siteSettingsSchema.parse(current().values).audience).toMatchObject({ provider: 'fake', surveyUrl: '/__member/reader-survey' });
  });
});
