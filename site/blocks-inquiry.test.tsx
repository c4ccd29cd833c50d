// @vitest-environment happy-dom
// The inquiry form block (RMI) as a reader gets it: the prerendered HTML parsed like a browser does
// (labelled fields, the consent box, the island's props), then the island: it checks itself with
// the API's rule and sends nothing until consent is given, shows the API's field error beside
// the field, and says thank you after a stored inquiry.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { INQUIRY_TEXTS } from '../engine/domain/inquiry';
import { GraphQLClientError } from '../engine/domain/graphql-client';
import { Grid } from './blocks';
import type { BlockSettingsView, BlockView } from './model';
import { InquiryForm } from './islands/inquiry-form';
import { DEVELOPMENT_CAPTCHA_TOKEN } from './islands/captcha';
import { installFakeApi } from './islands/member-test-api';

afterEach(() => { cleanup(); });

const settings = (over: Partial<BlockSettingsView> = {}): BlockSettingsView => ({ title: null, link: null, colorScheme: 'default', cta: null, ...over });

function page(blocks: BlockView[]): Document {
  const html = renderToStaticMarkup(<Grid rows={[{ layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: [{ blocks }] }]} />);
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}

describe('prerendered inquiry form', () => {
  it('renders labelled fields, an unchecked consent box with its text, and the island props', () => {
    const doc = page([{ kind: 'inquiry', id: 'q', settings: settings({ title: 'Ask the team' }), contentId: 10000001, submitLabel: 'Send question' }]);
    const block = doc.querySelector('.block-inquiry')!;
    expect(block.querySelector('h2.block-title')?.textContent).toBe('Ask the team');
    const root = block.querySelector('[data-island="inquiry-form"]')!;
    expect(JSON.parse(root.getAttribute('data-props')!)).toEqual({ uid: 'b0-0-0', contentId: 10000001, submitLabel: 'Send question' });
    const labelOf = (name: string) => {
      const field = root.querySelector(`[name="${name}"]`)!;
      return root.querySelector(`label[for="${field.id}"]`)?.textContent;
    };
    expect(['name', 'email', 'company', 'message', 'consent'].map(labelOf)).toEqual([
      INQUIRY_TEXTS.nameLabel, INQUIRY_TEXTS.emailLabel, INQUIRY_TEXTS.companyLabel, INQUIRY_TEXTS.messageLabel, INQUIRY_TEXTS.consentText,
    ]);
    const consent = root.querySelector<HTMLInputElement>('input[name="consent"]')!;
    expect(consent.type).toBe('checkbox');
    expect(consent.hasAttribute('checked')).toBe(false);
    expect(root.querySelector('textarea[name="message"]')).not.toBeNull();
    expect(root.querySelector('input[name="email"]')?.getAttribute('type')).toBe('email');
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Send question');
    // Ids are unique on the page (two forms do not collide).
    const two = page([
      { kind: 'inquiry', id: 'a', settings: settings(), contentId: null, submitLabel: 'Send' },
      { kind: 'inquiry', id: 'b', settings: settings(), contentId: null, submitLabel: 'Send' },
    ]);
    const ids = [...two.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('inquiry form island', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText(INQUIRY_TEXTS.nameLabel), { target: { value: 'Ada Reader' } });
    fireEvent.change(screen.getByLabelText(INQUIRY_TEXTS.emailLabel), { target: { value: 'Ada@Example.com' } });
    fireEvent.change(screen.getByLabelText(INQUIRY_TEXTS.messageLabel), { target: { value: 'Do you ship to Norway?' } });
  };

  it('checks itself: no request without consent, the message beside the box', async () => {
    const api = installFakeApi();
    render(<InquiryForm uid="q" contentId={5} submitLabel="Send" />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(INQUIRY_TEXTS.consentRequired)).toBeTruthy();
    expect(screen.getByLabelText(INQUIRY_TEXTS.consentText).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(INQUIRY_TEXTS.consentText).getAttribute('aria-describedby')).toBe('q-consent-error');
    expect(api.calls).toEqual([]);
  });

  it('sends the inquiry with the captcha token and thanks the reader', async () => {
    const api = installFakeApi();
    api.on('submitInquiry', () => ({ id: 1, message: INQUIRY_TEXTS.success }));
    render(<InquiryForm uid="q" contentId={5} submitLabel="Send" />);
    fill();
    fireEvent.click(screen.getByLabelText(INQUIRY_TEXTS.consentText));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toBe(INQUIRY_TEXTS.success);
    expect(api.named('submitInquiry')).toEqual([{
      name: 'Ada Reader', email: 'Ada@Example.com', company: '', message: 'Do you ship to Norway?', contentId: 5, consent: true, recaptchaToken: DEVELOPMENT_CAPTCHA_TOKEN,
    }]);
    expect((screen.getByLabelText(INQUIRY_TEXTS.nameLabel) as HTMLInputElement).value).toBe('');
  });

  it('shows the API’s field error beside the field it names', async () => {
    const api = installFakeApi();
    api.on('submitInquiry', () => { throw new GraphQLClientError('email: Must be an e-mail address', 400, 'BAD_USER_INPUT', { code: 'BAD_USER_INPUT', field: 'email' }); });
    render(<InquiryForm uid="q" contentId={null} submitLabel="Send" />);
    fill();
    fireEvent.click(screen.getByLabelText(INQUIRY_TEXTS.consentText));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText(INQUIRY_TEXTS.emailLabel).getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('q-email-error')?.textContent).toBe('Must be an e-mail address');
    expect(screen.getByRole('alert').textContent).toBe(INQUIRY_TEXTS.correctForm);
  });
});
