// Company update e-mails through the one mailer (engine/mail, handed in as the members' mailer):
// the private link to the company contact, and the review's outcome with the staff's message.
import { contractDate } from '../../domain/company';
import type { Services } from '../kernel/services';
import { escapeHtml as esc } from '../../domain/html-escape';


type Tenant = { tenantKey: string; domain: string; name?: string };
export type CompanyUpdateMail =
  | { kind: 'link'; to: string; tenant: Tenant; contactName: string; companyName: string; link: string; expiresAt: number }
  | { kind: 'reviewed'; to: string; tenant: Tenant; contactName: string; companyName: string; accepted: string[]; rejected: string[]; message: string };

function wrap(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body style="font:15px/1.5 sans-serif;color:#1f2430;max-width:40rem">${body}</body></html>`;
}

export function companyUpdateMessage(m: CompanyUpdateMail): { to: string; subject: string; html: string; text: string } {
  const site = m.tenant.name ?? m.tenant.domain;
  if (m.kind === 'link') {
    return {
      to: m.to,
      subject: `Update the ${m.companyName} profile on ${site}`,
      html: wrap('Company profile update', `<p>Hello ${esc(m.contactName)},</p><p>${esc(site)} invites you to check and update the profile of <strong>${esc(m.companyName)}</strong>. No account is needed:</p><p><a href="${esc(m.link)}">Review and update the profile</a></p><p>The link works until ${esc(contractDate(m.expiresAt))}. Our editors review every change before it is published. Do not forward this link.</p>`),
      text: `Hello ${m.contactName},\n\n${site} invites you to check and update the profile of ${m.companyName}. No account is needed:\n${m.link}\n\nThe link works until ${contractDate(m.expiresAt)}. Our editors review every change before it is published. Do not forward this link.\n`,
    };
  }
  const lines = [
    m.accepted.length ? `Published: ${m.accepted.join(', ')}.` : 'No change was published.',
    ...(m.rejected.length ? [`Not published: ${m.rejected.join(', ')}.`] : []),
  ];
  return {
    to: m.to,
    subject: `Your update of the ${m.companyName} profile (${site})`,
    html: wrap('Company profile update reviewed', `<p>Hello ${esc(m.contactName)},</p><p>Our editors reviewed your update of <strong>${esc(m.companyName)}</strong>.</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${m.message ? `<p>Message from the editors:</p><blockquote>${esc(m.message)}</blockquote>` : ''}`),
    text: `Hello ${m.contactName},\n\nOur editors reviewed your update of ${m.companyName}.\n${lines.join('\n')}\n${m.message ? `\nMessage from the editors:\n${m.message}\n` : ''}`,
  };
}

/** Sends one mail; a missing mailer or a failed send is logged, never thrown (the action stands). */
export async function companyUpdateMail(services: Services, m: CompanyUpdateMail): Promise<void> {
  const mailer = services.members.mailer;
  if (!mailer) {
    services.log.warn({ kind: m.kind }, 'company update mail not sent: no mailer configured');
    return;
  }
  try {
    await mailer.send({ ...companyUpdateMessage(m), from: services.members.from });
  } catch (e) {
    services.log.error({ err: e, kind: m.kind }, 'company update mail failed');
  }
}
