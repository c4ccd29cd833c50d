// @vitest-environment happy-dom
// The parts directory card of the site settings (issue 42, sourceesb module): a parts API address
// that is not http(s), or carries a query, and a part limit out of range are refused with the shared
// schema's message under the field that holds them; a good address saves as settings.sourceesb.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../../engine/domain/settings';
import { SourceesbCard } from './sourceesb-settings';
import { minimalSettings, renderSettingsCard } from './settings-card-harness';

afterEach(cleanup);



describe('parts directory settings', () => {
  it('names the field of a bad parts API address or part limit, then saves a good one', async () => {
    const { form: current } = renderSettingsCard(SourceesbCard, minimalSettings('Plant Pulse', 'plantpulse.example.com'));
    const url = screen.getByRole('textbox', { name: /^Parts API base URL/ });
    for (const bad of ['ftp://parts.example.com/api', 'javascript:alert(1)', 'https://parts.example.com/api?token=x']) {
      await act(async () => { fireEvent.change(url, { target: { value: bad } }); fireEvent.blur(url); });
      expect(current().errors, bad).toEqual({ 'sourceesb.apiBaseUrl': 'Must be an http(s) URL without a query, like https://parts.example.com/api/v1' });
      expect(url.getAttribute('aria-invalid')).toBe('true');
    }
    await act(async () => { fireEvent.change(url, { target: { value: 'https://parts.example.com/api/v1' } }); });
    expect(current().errors).toEqual({});
    const max = screen.getByRole('spinbutton', { name: /^Parts read per build/ });
    await act(async () => { fireEvent.change(max, { target: { value: '0' } }); fireEvent.blur(max); });
    expect(current().errors).toEqual({ 'sourceesb.maxParts': 'At least 1' });
    await act(async () => { fireEvent.change(max, { target: { value: '5000' } }); });
    expect(current().errors).toEqual({ 'sourceesb.maxParts': 'At most 2000' });
    await act(async () => { fireEvent.change(max, { target: { value: '' } }); });
    expect(current().errors).toEqual({});
    expect(siteSettingsSchema.parse(current().values).sourceesb).toEqual({ apiBaseUrl: 'https://parts.example.com/api/v1', maxParts: 500, timeoutMs: 5000 });
    // Emptying the address leaves no sourceesb settings behind.
    await act(async () => { fireEvent.change(url, { target: { value: '' } }); });
    expect(siteSettingsSchema.parse(current().values).sourceesb).toBeUndefined();
  });
});
