// Form blocks (public §4 "Blocks dropped when empty"): each resolver returns the block's view, or
// null when the block drops.
// - newsletter_subscribe: the newsletters the subscribe block offers; drops when none.
// - inquiry_form: the RMI form; drops unless the tenant runs RMI (enabled, with a contact address).
// - gating_form: the gate's island, on a gated page only.
import { INQUIRY_TEXTS, rmiContact } from '../../../domain/inquiry';
import type { BlockView } from '../../../../site/model';
import type { ResolveContext } from '../resolve-context';
import { settingsView, type Of, type PageEnv } from './common';

export function resolveNewsletterSubscribe(ctx: ResolveContext, b: Of<'newsletter_subscribe'>): BlockView | null {
  const nls = ctx.subscribeNewsletters;
  const promo = ctx.index.tenant.settings.newsletters?.subscribeBlockSettings?.promoCode ?? null;
  const recaptchaKey = ctx.index.tenant.settings.tenantInfo.reCAPTCHAPublicKey?.trim() || null;
  return nls.length ? { kind: 'newsletter', id: b.id, settings: settingsView(b.settings), newsletters: nls, promoCode: promo, recaptchaKey } : null;
}

export function resolveInquiryForm(ctx: ResolveContext, b: Of<'inquiry_form'>, env: PageEnv): BlockView | null {
  if (!rmiContact(ctx.index.tenant.settings)) return null;
  return { kind: 'inquiry', id: b.id, settings: settingsView(b.settings), contentId: env.content?.id ?? null, submitLabel: b.data.buttonLabel?.trim() || INQUIRY_TEXTS.submit };
}

export function resolveGatingForm(b: Of<'gating_form'>, env: PageEnv): BlockView | null {
  const content = env.contentView;
  return content?.gated ? { kind: 'island', id: b.id, settings: settingsView(b.settings), island: 'gating-form', props: { contentId: content.id } } : null;
}
