// Paywall structured data (schema.org, as Google documents for subscription and paywalled
// content): the article says it is not free and names, by a class selector, the element that holds
// the gated body. The prerendered page's JSON-LD (engine/build/resolve-head.ts), the element the
// page draws around the gate (site/content.tsx) and getGatedContent's answer to a verified crawler
// all take it from here, so the selector always names the element the body is rendered into.
// Pure and browser-safe.

/** The class of the element that receives a gated body (the gate island's wrapper). */
export const PAYWALL_CLASS = 'gate';
/** Google accepts only a class selector here. */
export const PAYWALL_SELECTOR = `.${PAYWALL_CLASS}`;

export interface PaywallPart {
  '@type': 'WebPageElement';
  isAccessibleForFree: false;
  cssSelector: string;
}

export function paywallPart(): PaywallPart {
  return { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALL_SELECTOR };
}

/** The properties an article's JSON-LD carries: free, or not free with the gated part named. */
export function paywallProperties(gated: boolean): { isAccessibleForFree: boolean; hasPart?: PaywallPart } {
  return gated ? { isAccessibleForFree: false, hasPart: paywallPart() } : { isAccessibleForFree: true };
}

/** The structured data given with a gated body to a verified crawler (same claims as the page's head). */
export function paywallJsonLd(): { '@context': string; '@type': 'NewsArticle'; isAccessibleForFree: false; hasPart: PaywallPart } {
  return { '@context': 'https://schema.org', '@type': 'NewsArticle', isAccessibleForFree: false, hasPart: paywallPart() };
}
