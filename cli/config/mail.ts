// Mail settings of the composition root, from the resolved Settings: SMTP when smtpUrl is set, else
// .eml files in the outbox. The DKIM key file is read here (cli/ reads configuration files).
// Production (and SMTP) needs a real unsubscribe secret: the development secret is in this file,
// so links signed with it could be forged by anyone.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MailConfig } from '../../engine/mail/mailer';
import type { Settings } from './settings';
import { SettingsError } from './settings';

export const DEFAULT_OUTBOX = './data/outbox';
export const DEFAULT_MAIL_FROM = 'Masthead <no-reply@masthead.localhost>';
/** Only for the development outbox: links signed with it are not secret. */
export const DEVELOPMENT_SECRET = 'masthead-development-unsubscribe-secret';

export interface NewsletterMailSettings {
  mail: MailConfig;
  unsubscribeSecret: string;
  /** Set when the development secret stands in for MASTHEAD_UNSUBSCRIBE_SECRET. */
  warning?: string;
}

type MailSettingsInput = Pick<Settings, 'mailFrom' | 'smtpUrl' | 'outbox' | 'unsubscribeSecret' | 'dkimDomain' | 'dkimSelector' | 'dkimKeyFile'>;

/** DKIM from MASTHEAD_DKIM_DOMAIN, MASTHEAD_DKIM_SELECTOR and MASTHEAD_DKIM_KEY_FILE (all three, or none). */
function dkimFrom(s: MailSettingsInput): { dkim?: { domainName: string; keySelector: string; privateKey: string } } {
  const { dkimDomain: domainName, dkimSelector: keySelector, dkimKeyFile: keyFile } = s;
  if (!domainName && !keySelector && !keyFile) return {};
  if (!domainName || !keySelector || !keyFile) throw new SettingsError('DKIM needs MASTHEAD_DKIM_DOMAIN, MASTHEAD_DKIM_SELECTOR and MASTHEAD_DKIM_KEY_FILE together');
  let privateKey: string;
  try {
    privateKey = readFileSync(resolve(keyFile), 'utf8');
  } catch (e) {
    throw new SettingsError(`MASTHEAD_DKIM_KEY_FILE: cannot read ${keyFile} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return { dkim: { domainName, keySelector, privateKey } };
}

export const UNSUBSCRIBE_SECRET_REQUIRED = 'MASTHEAD_UNSUBSCRIBE_SECRET (at least 16 random characters) must be set to serve in production: it signs the one-click unsubscribe links of newsletters (--mode development signs them with a development secret)';
export const DEVELOPMENT_SECRET_REFUSED = 'MASTHEAD_UNSUBSCRIBE_SECRET: must not be the development secret (it is published in the source)';

/**
 * SMTP when MASTHEAD_SMTP_URL is set, else the .eml outbox. Unsubscribe links are signed with
 * MASTHEAD_UNSUBSCRIBE_SECRET, required for SMTP and in production (`masthead serve --mode
 * production` refuses to start without it); otherwise a development secret, with a warning.
 */
export function resolveMailSettings(s: MailSettingsInput, mode: 'production' | 'development' = 'development'): NewsletterMailSettings {
  const defaultFrom = s.mailFrom;
  const dkim = dkimFrom(s);
  const secret = s.unsubscribeSecret;
  if (secret === DEVELOPMENT_SECRET && (mode === 'production' || s.smtpUrl)) throw new SettingsError(DEVELOPMENT_SECRET_REFUSED);
  if (mode === 'production' && !secret) throw new SettingsError(UNSUBSCRIBE_SECRET_REQUIRED);
  if (s.smtpUrl) {
    if (!secret) throw new SettingsError('MASTHEAD_UNSUBSCRIBE_SECRET (at least 16 characters) must be set to send through MASTHEAD_SMTP_URL');
    return { mail: { transport: 'smtp', url: s.smtpUrl, defaultFrom, ...dkim }, unsubscribeSecret: secret };
  }
  const dir = resolve(s.outbox);
  return secret
    ? { mail: { transport: 'outbox', dir, defaultFrom, ...dkim }, unsubscribeSecret: secret }
    : { mail: { transport: 'outbox', dir, defaultFrom, ...dkim }, unsubscribeSecret: DEVELOPMENT_SECRET, warning: 'MASTHEAD_UNSUBSCRIBE_SECRET is not set: unsubscribe links are signed with the development secret' };
}
