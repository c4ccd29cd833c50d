// The footer's newsletter data (public §2 "Footer", "Subscribe pane"): what the subscribe pane
// offers (the newsletters flagged for the subscribe block, the block's promo code, the captcha
// site key) and, in membership mode, the Manage link logged-in members see instead of Join.
import type { NewsletterSignupView } from '../../../site/model';
import type { TenantIndex } from '../types';

export const MANAGE_NEWSLETTERS_LINK = { label: 'Manage', href: '/account#manage-newsletters', newTab: false } as const;

/** Undefined when newsletters are off for the tenant (the footer then shows no button either). */
export function newsletterSignup(index: TenantIndex): NewsletterSignupView | undefined {
  const s = index.tenant.settings;
  if (s.newsletters?.enabledNewsletters === false) return undefined;
  const membershipMode = (s.footer.nlButton?.mode ?? 'flyout') === 'membership' && s.memberships?.enabled === true;
  return {
    newsletters: (index.newsletters ?? []).filter((n) => n.showInSubscribeBlock).map((n) => ({ id: n.id, title: n.title, description: n.description })),
    promoCode: s.newsletters?.subscribeBlockSettings?.promoCode?.trim() || null,
    recaptchaKey: s.tenantInfo.reCAPTCHAPublicKey?.trim() || null,
    manage: membershipMode ? { ...MANAGE_NEWSLETTERS_LINK } : null,
  };
}
