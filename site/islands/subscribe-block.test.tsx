// @vitest-environment happy-dom
// The subscribe block (public §4, §5): rendered by the grid as a hydratable island whose server
// markup is the whole form (the country select lists its countries once the form runs), with its
// own legend and unique ids per block; in the browser it runs the same validation and subscribe as
// the pane.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { load } from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { HtmlValidate } from 'html-validate';
import { Grid, prerenderBlocks } from '../blocks';
import type { BlockView, RowView } from '../model';
import { installFakeApi, type FakeApi } from './member-test-api';
import { SubscribeBlock } from './subscribe-block';

const track = vi.hoisted(() => vi.fn(() => true));
vi.mock('../client/events', () => ({ track }));

const NEWSLETTERS = [{ id: 5, title: 'Daily', description: 'Top stories' }, { id: 6, title: 'Weekly', description: '' }];
const block = (id: string): BlockView => ({
  kind: 'newsletter', id, settings: { title: null, link: null, colorScheme: 'default', cta: null },
  newsletters: NEWSLETTERS, promoCode: 'BLOCK', recaptchaKey: null,
});
const rows: RowView[] = [{
  layout: '1_1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null,
  columns: [{ blocks: [block('a')] }, { blocks: [block('b')] }],
}];

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); });
afterEach(() => { cleanup(); });

describe('subscribe block on the page', () => {
  it('renders each block as a subscribe-block island with its props and the whole form, ids unique per block', () => {
    const $ = load(renderToStaticMarkup(<Grid rows={rows} pre={prerenderBlocks(rows, new Map())} />));
    const islands = $('[data-island="subscribe-block"]').toArray();
    expect(islands).toHaveLength(2);
    const props = islands.map((el) => JSON.parse($(el).attr('data-props')!) as Record<string, unknown>);
    expect(props[0]).toEqual({ uid: 'b0-0-0', newsletters: NEWSLETTERS, promoCode: 'BLOCK', recaptchaKey: null });
    expect(props[1]!.uid).toBe('b0-1-0');
    const first = $(islands[0]);
    expect(first.find('legend').text()).toBe('Select the newsletters you want to receive');
    expect(first.find('input[type=checkbox][name="omedaProducts[]"]').toArray().map((i) => i.attribs.value)).toEqual(['5', '6']);
    expect(first.find('label[for="b0-0-0-email"]').text()).toBe('Email Address');
    expect(first.find('#b0-0-0-email').attr('placeholder')).toBe('Enter your email here');
    expect(first.find('#b0-0-0-email').attr('autocomplete')).toBe('email');
    // Only the placeholder on the server; the countries are listed once the form runs (below).
    expect(first.find('#b0-0-0-countryCode option').toArray().map((o) => $(o).text())).toEqual(['Select...']);
    expect(first.find('button[type=submit]').text()).toBe('Sign Up');
    const ids = $('[id]').toArray().map((e) => e.attribs.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is valid HTML by the build checks (html-validate, as for every built page)', async () => {
    // The build tests' configuration (tests/integration/build-quality.ts), which loads Node-only helpers.
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: { 'void-style': ['error', { style: 'selfclose' }], 'attribute-boolean-style': ['error', { style: 'empty' }], 'long-title': 'off' },
    });
    const grid = renderToStaticMarkup(<Grid rows={rows} pre={prerenderBlocks(rows, new Map())} />);
    const doc = `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>${grid}</main></body></html>`;
    const report = await validator.validateString(doc, 'block.html');
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});

describe('subscribe block in the browser', () => {
  it('validates like the pane and subscribes with the block promo code', async () => {
    api.on('subscribeAnonymousCustomer', () => ({ error: false, message: SUBSCRIBE_TEXTS.success, fields: null, newsletterIds: [6] }));
    render(<SubscribeBlock uid="blk" newsletters={NEWSLETTERS} promoCode="BLOCK" recaptchaKey={null} />);
    await waitFor(() => expect(api.named('getSiteUser')).toHaveLength(1));
    const countries = screen.getByLabelText<HTMLSelectElement>('Country').options;
    expect(countries[0]!.text).toBe('Select...');
    expect([...countries].find((o) => o.value === 'CAN')?.text).toBe('Canada');
    expect(countries.length).toBeGreaterThan(240);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a newsletter before continuing');
    fireEvent.click(screen.getByRole('checkbox', { name: /Weekly/ }));
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'bo@example.com' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'BRA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    // Brazil requires the compliance box (public §3 "Country entry").
    expect(screen.getByRole('alert').textContent).toBe('Please correct issues with this form');
    fireEvent.click(screen.getByRole('checkbox', { name: SUBSCRIBE_TEXTS.complianceText }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('status')).textContent).toBe(SUBSCRIBE_TEXTS.success);
    expect(api.named('subscribeAnonymousCustomer')[0]).toMatchObject({
      omedaProducts: [6], countryCode: 'BRA', regionCode: null, promoCode: 'BLOCK',
      consent: { GDPR: { country: 'BRA', region: null, compliance: true } },
    });
    expect(screen.queryByRole('checkbox', { name: /Weekly/ })).toBeNull();
    // One NewsletterSubscription event per newsletter the answer confirmed, and none for the refused tries.
    expect(track.mock.calls).toEqual([['NewsletterSubscription', { newsletterId: 6, source: 'NlWidgetUnauthenticated' }]]);
  });
});
