// @vitest-environment happy-dom
// The paywall structured data names, by its class selector, the element a gated body is drawn
// into: rendered with a verified crawler's answer, the page's selector finds exactly one element,
// holding the body and not the free teaser before it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paywallJsonLd, paywallProperties } from '../engine/domain/paywall';
import { ContentBody } from './content';
import type { ContentView } from './model';
import { installFakeApi } from './islands/member-test-api';

afterEach(() => { cleanup(); });

const view: ContentView = {
  id: 10100002, type: 'Article', title: 'Rates', teaser: 'The free lead-in.', date: null, dateTime: null, updated: null,
  authors: [], labels: [], section: null, image: null, event: null, bodyHtml: '', gated: true, externalUrl: null,
};

describe('paywall structured data and the page', () => {
  it("selects the element that receives a crawler's gated body", async () => {
    const api = installFakeApi();
    const structuredData = paywallJsonLd();
    api.on('getGatedContent', () => ({
      id: view.id, gatingType: 'membership', gatingStatus: 'passed', passedBy: 'crawler', canRead: true, gate: 'none', showGatingForm: false,
      hiddenBlocks: [], meter: null, licenseCompany: null, body: '<p>The paid rate table.</p>', embedCode: null, images: [], requiredMemberships: [],
      structuredData,
    }));
    const { container } = render(<ContentBody content={view} />);
    await screen.findByText('The paid rate table.');
    const parts = container.querySelectorAll(structuredData.hasPart.cssSelector);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.textContent).toContain('The paid rate table.');
    expect(parts[0]!.textContent).not.toContain('The free lead-in.');
    expect(container.textContent).toContain('The free lead-in.');
    // The prerendered head makes the same claim as the crawler's answer.
    expect(paywallProperties(true)).toEqual({ isAccessibleForFree: false, hasPart: structuredData.hasPart });
    expect(structuredData.hasPart.cssSelector).toMatch(/^\.[a-z][a-z0-9-]*$/);
  });
});
