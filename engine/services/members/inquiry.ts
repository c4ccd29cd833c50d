// submitInquiry (issue 17, the inquiry form of a page grid, "RMI"): an anonymous reader's question.
// Order of checks: the tenant runs RMI (else FORBIDDEN), the attempt counts against the IP (before
// anything else, so a flood is cut off cheaply), the fields (BAD_USER_INPUT naming the first bad one),
// the captcha (the subscribe form's reCAPTCHA v3 verifier, action inquirySubmit), the content item
// (this tenant's, published). Only then is the inquiry stored, with the consent text and time, and
// e-mailed to the tenant's RMI contact through the one mailer, after the answer. `ip`: the
// reader's address as the request gives it (the limit and the captcha's remote address).
import { AppError } from '../../domain/errors';
import { INQUIRY_CAPTCHA_ACTION, INQUIRY_TEXTS, rmiContact, validateInquiry, type InquiryInput } from '../../domain/inquiry';
import { MEMBER_TEXTS } from '../../domain/members';
import { badInput } from '../../domain/validation';
import * as q from '../../store/queries/content';
import { insertInquiry } from '../../store/queries/inquiries';
import type { LazyCaller } from '../kernel/operation';
import { subscribeCaptcha } from '../kernel/captcha';
import { clientKey } from '../kernel/rate-limit';
import { throttle } from '../kernel/shared-state';
import { sendMailLater } from './mail';
import { memberRuntime } from './runtime';
import { escapeHtml as escape } from '../../domain/html-escape';

export interface InquiryAnswer { id: number; message: string }


/** The contact's e-mail: who asked, about what, and their question; Reply-To is the reader. */
export function composeInquiryMail(i: InquiryInput, about: { siteName: string; contentId: number | null; contentName: string | null; at: number }) {
  const subject = `Inquiry from ${i.name}${about.contentName ? ` about ${about.contentName}` : ''} (${about.siteName})`;
  const lines: [string, string][] = [
    ['Name', i.name], ['Email', i.email], ['Company', i.company || '—'],
    ['About', about.contentName ? `${about.contentName} (content ${about.contentId})` : '—'],
    ['Consent', `${INQUIRY_TEXTS.consentText} (given ${new Date(about.at).toISOString()})`],
  ];
  const text = `${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${i.message}\n`;
  const html = '<!doctype html><html><body style="font-family:Arial,sans-serif"><table>'
    + lines.map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')
    + `</table><p style="white-space:pre-wrap">${escape(i.message)}</p></body></html>`;
  return { subject, text, html };
}

export async function submitInquiry(ctx: LazyCaller, input: Record<string, unknown>, ip: string): Promise<InquiryAnswer> {
  const tenant = await ctx.tenant();
  const contact = rmiContact(tenant.settings);
  if (!contact) throw new AppError('FORBIDDEN');
  // Per client address (IPv6 by /64), and per site: the target is the site's one sales inbox.
  const { limiters } = memberRuntime(ctx.services);
  await throttle([[limiters.inquiryIp, `${tenant.tenantKey}|${clientKey(ip)}`], [limiters.inquirySite, tenant.tenantKey]]);
  const checked = validateInquiry(input);
  if (!checked.ok) {
    const [field, message] = Object.entries(checked.fields)[0]!;
    badInput(field, message);
  }
  const inquiry = checked.value;
  const verdict = await subscribeCaptcha(ctx.services).verify(inquiry.recaptchaToken, { action: INQUIRY_CAPTCHA_ACTION, remoteIp: ip });
  if (!verdict.ok) badInput('recaptchaToken', MEMBER_TEXTS.captchaFailed);
  const db = ctx.services.store.db;
  const now = ctx.services.now();
  let contentName: string | null = null;
  if (inquiry.contentId !== null) {
    const [row] = await q.contentByIds(db, tenant.tenantKey, [inquiry.contentId]);
    if (!row || row.status !== 1 || row.published === null || row.published > now) badInput('contentId', 'Must be a published item of this site');
    contentName = row.name;
  }
  const id = await insertInquiry(db, {
    tenantKey: tenant.tenantKey, name: inquiry.name, email: inquiry.email, company: inquiry.company, message: inquiry.message,
    contentId: inquiry.contentId, consentText: INQUIRY_TEXTS.consentText, consentAt: now, createdAt: now,
  });
  sendMailLater(ctx.services, 'inquiry', {
    to: contact, replyTo: inquiry.email,
    ...composeInquiryMail(inquiry, { siteName: tenant.settings.tenantInfo.name, contentId: inquiry.contentId, contentName, at: now }),
  });
  return { id, message: INQUIRY_TEXTS.success };
}
