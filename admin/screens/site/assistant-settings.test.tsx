// @vitest-environment happy-dom
// The assistant card of the site settings (issue 42, /admin/openai): a chat-completions address
// that is not http(s) and a model name with spaces are refused with the shared schema's message
// under their field; good values save as settings.assistant, the gated-bodies switch is off unless
// ticked, and emptying every field leaves no assistant settings behind.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../../engine/domain/settings';
import { AssistantCard } from './assistant-settings';
import { minimalSettings, renderSettingsCard } from './settings-card-harness';

afterEach(cleanup);

describe('assistant settings', () => {
  it('names the field of a bad address or model, saves good ones with gated bodies off, and can send them once ticked', async () => {
    const { form } = renderSettingsCard(AssistantCard, minimalSettings('FreightWise', 'freightwise.example.com'));
    const url = screen.getByRole('textbox', { name: /^Chat-completions URL/ });
    await act(async () => { fireEvent.change(url, { target: { value: 'ftp://llm.example.com/v1' } }); fireEvent.blur(url); });
    expect(form().errors).toEqual({ 'assistant.url': 'Must be an absolute http(s) URL' });
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(url, { target: { value: 'https://llm.example.com/v1/chat/completions' } }); });
    expect(form().errors).toEqual({});

    const model = screen.getByRole('textbox', { name: /^Model/ });
    await act(async () => { fireEvent.change(model, { target: { value: 'gpt 4o' } }); fireEvent.blur(model); });
    expect(form().errors).toEqual({ 'assistant.model': 'A model name has 1 to 100 letters, digits, _ . : / or -' });
    await act(async () => { fireEvent.change(model, { target: { value: 'gpt-4o-mini' } }); });
    expect(form().errors).toEqual({});
    expect(siteSettingsSchema.parse(form().values).assistant).toEqual({ url: 'https://llm.example.com/v1/chat/completions', model: 'gpt-4o-mini', sendGatedBodies: false });

    await act(async () => { fireEvent.click(screen.getByLabelText(/^Send the bodies of gated items to the provider/)); });
    expect(siteSettingsSchema.parse(form().values).assistant?.sendGatedBodies).toBe(true);

    await act(async () => {
      fireEvent.click(screen.getByLabelText(/^Send the bodies of gated items to the provider/));
      fireEvent.change(url, { target: { value: '' } });
      fireEvent.change(model, { target: { value: '' } });
    });
    expect(siteSettingsSchema.parse(form().values).assistant).toBeUndefined();
  });
});
