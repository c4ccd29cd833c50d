// The inquiry form (RMI, "request more information"; issue 17, public §4 "inquiry form without RMI
// enabled" drops): what a reader sends, checked the same way by the form in the browser and by the
// API, so both show the same message beside the same field. Consent is required: the text the
// reader agreed to is stored with the inquiry.
import { hasControlChars } from './members';
import { normalizeEmail } from './email';

const REQUIRED = 'Field is required';


/** The captcha action the form asks a token for and the API checks (reCAPTCHA v3, as the subscribe form). */
export const INQUIRY_CAPTCHA_ACTION = 'inquirySubmit';

export const INQUIRY_LIMITS = { name: 120, email: 254, company: 200, message: 5000 } as const;

export const INQUIRY_TEXTS = {
  nameLabel: 'Name',
  emailLabel: 'Email',
  companyLabel: 'Company (optional)',
  messageLabel: 'Your question',
  consentText: 'I agree that my details are stored and passed to the team that answers this inquiry.',
  consentRequired: 'Please agree before sending',
  submit: 'Request more information',
  sending: 'Sending…',
  success: 'Thank you. Your inquiry was sent; we will be in touch.',
  correctForm: 'Please correct issues with this form',
} as const;

/** Whether the tenant runs the inquiry form: switched on with a contact address to send to. */
export function rmiContact(settings: { rmi?: { enabled: boolean; contactEmail?: string | undefined } | undefined }): string | null {
  const r = settings.rmi;
  return r?.enabled && r.contactEmail ? r.contactEmail : null;
}

export interface InquiryInput {
  name: string;
  email: string;
  company: string;
  message: string;
  contentId: number | null;
  consent: true;
  recaptchaToken: string;
}

export type InquiryValidation = { ok: true; value: InquiryInput } | { ok: false; fields: Record<string, string> };

/** Line breaks and tabs are allowed in the message; any other control character is refused. */
const multilineControl = (s: string): boolean => hasControlChars(s.replace(/[\t\r\n]/g, ' '));

function textField(v: unknown, max: number, required: boolean, multiline = false): { value: string } | { error: string } {
  if (v === undefined || v === null) return required ? { error: REQUIRED } : { value: '' };
  if (typeof v !== 'string') return { error: 'Must be text' };
  const t = v.trim();
  if (required && !t) return { error: REQUIRED };
  if (t.length > max) return { error: `At most ${max} characters` };
  if (multiline ? multilineControl(t) : hasControlChars(t)) return { error: 'Must not contain control characters' };
  return { value: t };
}

/**
 * Checks an inquiry as sent (GraphQL variables or the form's state): every field at fault with its
 * message, or the normalised inquiry (trimmed texts, lower-case e-mail).
 */
export function validateInquiry(input: Record<string, unknown>): InquiryValidation {
  const fields: Record<string, string> = {};
  const take = (field: string, r: { value: string } | { error: string }): string => {
    if ('error' in r) { fields[field] = r.error; return ''; }
    return r.value;
  };
  const name = take('name', textField(input.name, INQUIRY_LIMITS.name, true));
  const emailText = take('email', textField(input.email, INQUIRY_LIMITS.email, true));
  const email = emailText ? normalizeEmail(emailText) : null;
  if (emailText && !email) fields.email = 'Must be an e-mail address';
  const company = take('company', textField(input.company, INQUIRY_LIMITS.company, false));
  const message = take('message', textField(input.message, INQUIRY_LIMITS.message, true, true));
  const c = input.contentId;
  if (c !== undefined && c !== null && (typeof c !== 'number' || !Number.isInteger(c) || c <= 0)) fields.contentId = 'Must be a content id';
  if (input.consent !== true) fields.consent = INQUIRY_TEXTS.consentRequired;
  const token = input.recaptchaToken;
  if (token !== undefined && token !== null && (typeof token !== 'string' || token.length > 4000)) fields.recaptchaToken = 'Must be a captcha token';
  if (Object.keys(fields).length) return { ok: false, fields };
  return {
    ok: true,
    value: { name, email: email!, company, message, contentId: typeof c === 'number' ? c : null, consent: true, recaptchaToken: typeof token === 'string' ? token : '' },
  };
}
