// What the composition root passes for site members (ServiceOptions.members), and the defaults.
// Nothing here reads the environment: cli/ resolves the mailer and the settings and passes them in.
import type { MailMessage } from '../../mail';
import type { CaptchaVerifier } from '../../newsletter/captcha';
import type { LimitRule } from './rate-limit';

/** The one mailer (engine/mail): registration links, password resets and username confirmations. */
export interface MemberMailer { send(message: MailMessage): Promise<unknown> }

export interface MemberLifetimes {
  /** Member session (login cookie): 30 days (public §9). */
  sessionMs: number;
  /** A staff member simulating a member: 1 day (public §9). */
  simulationMs: number;
  /** Registration link: 2 days. */
  registerMs: number;
  /** Password-reset link: 1 hour. */
  resetMs: number;
  /** Username-change confirmation link: 1 day. */
  usernameMs: number;
}

export interface MemberLimits {
  loginPerIp: LimitRule;
  loginPerUsername: LimitRule;
  /** Registration, reset and username-change requests per IP. */
  linkPerIp: LimitRule;
  /** Mails per address; past this the answer stays the same and no mail is sent. */
  linkPerEmail: LimitRule;
  /** Inquiry form submissions per IP and tenant (issue 17), counted before any check. */
  inquiryPerIp: LimitRule;
  /** Inquiry form submissions per site from all addresses together: its one sales inbox is the target (issue 41). */
  inquiryPerSite: LimitRule;
}

export interface MemberOptions {
  mailer?: MemberMailer;
  /** Sender of member mails; the mailer's default sender when absent. */
  from?: string;
  /** Origin of a tenant's public site for links in mails (default https://{domain}). Never taken from the request. */
  siteUrl?: (tenant: { tenantKey: string; domain: string }) => string;
  /** HMAC key of the meter cookie; by default a random key generated once and kept in the database. */
  meterSecret?: string;
  /** Checks recaptchaToken on login, registration and reset requests when given. */
  captcha?: CaptchaVerifier;
  lifetimes?: Partial<MemberLifetimes>;
  limits?: Partial<MemberLimits>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEFAULT_MEMBER_LIFETIMES: MemberLifetimes = {
  sessionMs: 30 * DAY, simulationMs: DAY, registerMs: 2 * DAY, resetMs: HOUR, usernameMs: DAY,
};

export const DEFAULT_MEMBER_LIMITS: MemberLimits = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerUsername: { max: 5, windowMs: 15 * 60_000 },
  linkPerIp: { max: 20, windowMs: HOUR },
  linkPerEmail: { max: 3, windowMs: HOUR },
  inquiryPerIp: { max: 10, windowMs: HOUR },
  inquiryPerSite: { max: 100, windowMs: HOUR },
};

export { siteOrigin } from './site-origin';
