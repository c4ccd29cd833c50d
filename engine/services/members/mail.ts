// Member e-mails: the registration link, the "already registered" notice, the password-reset link
// and the username-change confirmation. They go through the one mailer (engine/mail) after the
// request's answer, so the answer and its timing do not depend on whether a mail is sent.
import type { Services } from '../kernel/services';
import { escapeHtml as escape } from '../../domain/html-escape';

export type MemberMailKind = 'register' | 'already-registered' | 'reset' | 'username';

export interface MemberMail {
  kind: MemberMailKind;
  to: string;
  siteName: string;
  link: string;
  expiresAt: number;
}


const COPY: Record<MemberMailKind, { subject: (site: string) => string; lead: string; action: string }> = {
  register: {
    subject: (site) => `Complete your ${site} registration`,
    lead: 'Thanks for joining. Follow this link to set your password and complete your registration:',
    action: 'Complete registration',
  },
  'already-registered': {
    subject: (site) => `Your ${site} account`,
    lead: 'Someone (hopefully you) asked to register this address, but it already has an account. If you forgot your password, follow this link to set a new one:',
    action: 'Reset password',
  },
  reset: {
    subject: (site) => `Reset your ${site} password`,
    lead: 'Follow this link to choose a new password:',
    action: 'Reset password',
  },
  username: {
    subject: (site) => `Confirm your new ${site} username`,
    lead: 'Follow this link to confirm this address as your new username:',
    action: 'Confirm username',
  },
};

export function composeMemberMail(m: MemberMail): { subject: string; text: string; html: string } {
  const c = COPY[m.kind];
  const expires = new Date(m.expiresAt).toUTCString();
  const ignore = 'If you did not ask for this, you can ignore this message.';
  const text = `${c.lead}\n\n${m.link}\n\nThe link works once and expires ${expires}.\n\n${ignore}\n\n${m.siteName}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif">`
    + `<p>${escape(c.lead)}</p><p><a href="${escape(m.link)}">${escape(c.action)}</a></p>`
    + `<p style="font-size:12px;color:#555">The link works once and expires ${escape(expires)}. ${escape(ignore)}</p>`
    + `<p>${escape(m.siteName)}</p></body></html>`;
  return { subject: c.subject(m.siteName), text, html };
}

/** Sends after the current request's work; a missing mailer or a failed send is logged, never thrown. */
export function sendMailLater(services: Services, kind: string, message: { to: string; subject: string; text: string; html: string; replyTo?: string }): void {
  const mailer = services.members.mailer;
  if (!mailer) {
    services.log.warn({ kind }, `${kind} mail not sent: no mailer configured`);
    return;
  }
  setImmediate(() => {
    Promise.resolve()
      .then(() => mailer.send({ ...message, from: services.members.from }))
      .catch((error: unknown) => services.log.error({ err: error, kind }, `${kind} mail failed`));
  });
}

export function sendMemberMail(services: Services, m: MemberMail): void {
  sendMailLater(services, m.kind, { to: m.to, ...composeMemberMail(m) });
}
