// Staff e-mails: the password-reset link and the invitation. The API asks for them through the
// StaffMailer hook (services.mail, after the request's answer); `staffMailer` turns that hook into
// messages on the one mailer of engine/mail, which `masthead serve` passes in.
import type { MailMessage } from '../../engine/mail/mailer';
import type { StaffMailer, StaffMessage } from '../../engine/services/kernel/services';
import { escapeHtml as escape } from '../../engine/domain/html-escape';


const COPY: Record<StaffMessage['kind'], { subject: string; lead: (username: string) => string; action: string }> = {
  reset: {
    subject: 'Reset your Masthead password',
    lead: (u) => `Someone (hopefully you) asked to reset the password of the Masthead account "${u}". Follow this link to choose a new one:`,
    action: 'Choose a new password',
  },
  invite: {
    subject: 'You are invited to Masthead',
    lead: (u) => `An account "${u}" was created for you in the Masthead admin. Follow this link to choose your password and activate it:`,
    action: 'Activate your account',
  },
};

export function composeStaffMail(m: StaffMessage): { subject: string; text: string; html: string } {
  const c = COPY[m.kind];
  const expires = new Date(m.expiresAt).toUTCString();
  const ignore = 'If you did not expect this message, you can ignore it.';
  const text = `${c.lead(m.username)}\n\n${m.link}\n\nThe link works once and expires ${expires}.\n\n${ignore}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif">`
    + `<p>${escape(c.lead(m.username))}</p><p><a href="${escape(m.link)}">${escape(c.action)}</a></p>`
    + `<p style="font-size:12px;color:#555">The link works once and expires ${escape(expires)}. ${escape(ignore)}</p>`
    + `</body></html>`;
  return { subject: c.subject, text, html };
}

/** The StaffMailer hook over a Mailer: composes the message and sends it from the mailer's default sender. */
export function staffMailer(mailer: { send(m: MailMessage & { kind?: string }): Promise<unknown> }): StaffMailer {
  return async (m) => {
    const body = composeStaffMail(m);
    await mailer.send({ kind: `staff-${m.kind}`, to: m.to, subject: body.subject, text: body.text, html: body.html });
  };
}
