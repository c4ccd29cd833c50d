// Contract e-mails through the one mailer (engine/mail, handed in as the members' mailer): the link
// to the contributor, and after approval an HTML copy of the approved terms to both sides.
import { siteOrigin } from '../kernel/site-origin';
import { contractDate } from '../../domain/company';
import type { Services } from '../kernel/services';
import { escapeHtml as esc } from '../../domain/html-escape';


/** The tenant's public origin for links (never taken from the request). */
/** The tenant's site origin for links in contract and company-update mail (engine/services/kernel/site-origin.ts). */
export const servicesSiteOrigin = (services: Services, tenant: { tenantKey: string; domain: string }): string => siteOrigin(services.members, tenant);

export type ContractMail =
  | { kind: 'link'; to: string; tenant: { tenantKey: string; domain: string; name?: string }; contributorName: string; link: string; expiresAt: number }
  | { kind: 'approved'; to: string[]; tenant: { tenantKey: string; domain: string; name?: string }; contributorName: string; approvedName: string; approvedAt: number; terms: string; id: number };

function wrap(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body style="font:15px/1.5 sans-serif;color:#1f2430;max-width:40rem">${body}</body></html>`;
}

export function contractMessage(m: ContractMail): { to: string | string[]; subject: string; html: string; text: string } {
  const site = m.tenant.name ?? m.tenant.domain;
  if (m.kind === 'link') {
    return {
      to: m.to,
      subject: `Your contributor contract with ${site}`,
      html: wrap('Contributor contract', `<p>Hello ${esc(m.contributorName)},</p><p>${esc(site)} has a contributor contract for you to read and approve:</p><p><a href="${esc(m.link)}">Read and approve the contract</a></p><p>The link works until ${esc(contractDate(m.expiresAt))}. Do not forward it.</p>`),
      text: `Hello ${m.contributorName},\n\n${site} has a contributor contract for you to read and approve:\n${m.link}\n\nThe link works until ${contractDate(m.expiresAt)}. Do not forward it.\n`,
    };
  }
  const line = `Approved by ${m.approvedName} on ${contractDate(m.approvedAt)} (${new Date(m.approvedAt).toISOString()}).`;
  return {
    to: m.to,
    subject: `Contract approved: ${m.contributorName} (${site})`,
    html: wrap(`Contract ${m.id}`, `<h1 style="font-size:20px">Contributor contract ${m.id}: ${esc(m.contributorName)}</h1><p><strong>${esc(line)}</strong></p><hr>${m.terms}`),
    text: `Contributor contract ${m.id}: ${m.contributorName}\n${line}\n\nThe approved terms are in the HTML part of this message.\n`,
  };
}

/** Sends one contract mail; a missing mailer or a failed send is logged, never thrown (the action stands). */
export async function contractMail(services: Services, m: ContractMail): Promise<void> {
  const mailer = services.members.mailer;
  if (!mailer) {
    services.log.warn({ kind: m.kind }, 'contract mail not sent: no mailer configured');
    return;
  }
  try {
    await mailer.send({ ...contractMessage(m), from: services.members.from });
  } catch (e) {
    services.log.error({ err: e, kind: m.kind }, 'contract mail failed');
  }
}
