// The error catalogue: one table of codes, messages and HTTP statuses. Codes never change and are
// never reused. `expose: false` errors are masked at the API boundary and logged with their cause.

export const ERRORS = {
  BAD_USER_INPUT: { status: 400, expose: true, message: (a: { field: string; message: string }) => `${a.field}: ${a.message}` },
  UNAUTHENTICATED: { status: 401, expose: true, message: () => 'You must be signed in to do that.' },
  INVALID_CREDENTIALS: { status: 401, expose: true, message: () => 'The username or password is incorrect.' },
  FORBIDDEN: { status: 403, expose: true, message: () => 'You do not have permission to do that.' },
  NOT_FOUND: { status: 404, expose: true, message: (a: { entity: string; id: string | number }) => `${a.entity} ${a.id} was not found.` },
  TENANT_UNKNOWN: { status: 404, expose: true, message: (a: { tenant: string }) => `No site is configured for "${a.tenant}".` },
  CONFLICT: { status: 409, expose: true, message: (a: { message: string }) => a.message },
  RATE_LIMITED: { status: 429, expose: true, message: (a: { retryAfterSeconds: number }) => `Too many attempts. Try again in ${a.retryAfterSeconds} seconds.` },
  FIXTURE_INVALID: { status: 400, expose: true, message: (a: { file: string; record: string; field: string; message: string }) => `${a.file}: ${a.record}: ${a.field}: ${a.message}` },
  /** Member login (public §8): the same answer for an unknown username and a wrong password. */
  SITE_USER_LOGIN_FAILED: {
    status: 401, expose: true,
    message: () => 'Please try again or use the reset password link below. If you continue to have issues, please email us at customer service and include browser details.',
  },
  /** JSON input nested past engine/domain/input-text.ts MAX_INPUT_DEPTH. */
  INPUT_TOO_DEEP: { status: 400, expose: true, message: (a: { field: string; limit: number }) => `${a.field}: Nested more than ${a.limit} levels deep` },
  /** Production without a captcha secret (and without the explicit opt-out): anonymous forms are refused. */
  CAPTCHA_NOT_CONFIGURED: {
    status: 503, expose: true,
    message: () => 'This form is unavailable: the site has no captcha configured (MASTHEAD_RECAPTCHA_SECRET). Please try again later.',
  },
  /** A service the request needs is away (the shared limit store, Redis): refused rather than let through unchecked. */
  SERVICE_UNAVAILABLE: {
    status: 503, expose: true,
    message: (a: { retryAfterSeconds: number }) => `This is briefly unavailable. Please try again in ${a.retryAfterSeconds} seconds.`,
  },
  /** The assistant (/admin/openai) has no chat-completions endpoint: no URL or model in the settings or the environment. */
  ASSISTANT_NOT_CONFIGURED: {
    status: 503, expose: true,
    message: () => 'The assistant is off: no chat-completions endpoint is configured. Set MASTHEAD_ASSISTANT_URL, MASTHEAD_ASSISTANT_MODEL and MASTHEAD_ASSISTANT_KEY (or the site settings\' assistant URL and model).',
  },
  /** The assistant's provider failed (an error status, a timeout, an answer without a message). */
  ASSISTANT_PROVIDER_FAILED: {
    status: 502, expose: true,
    message: (a: { reason: string }) => `The assistant's provider did not answer: ${a.reason}. Nothing was changed; please try again later.`,
  },
  /** The media library's storage (the bucket of MASTHEAD_MEDIA_URL) failed during an upload: nothing was added. */
  MEDIA_STORAGE_FAILED: {
    status: 503, expose: true,
    message: (a: { reason: string }) => `The file could not be stored: the media storage failed (${a.reason}). Nothing was added to the library; please try again in a moment.`,
  },
  INTERNAL: { status: 500, expose: false, message: () => 'Something went wrong on our side. Please try again later.' },
} as const;

export type ErrorCode = keyof typeof ERRORS;
type ArgsOf<C extends ErrorCode> = Parameters<(typeof ERRORS)[C]['message']>[0];

/** An error from the catalogue. `details` carries structured facts (e.g. the field) for clients. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly expose: boolean;
  readonly details: Record<string, unknown>;
  constructor(code: C, ...args: ArgsOf<C> extends undefined ? [] : [ArgsOf<C>, { cause?: unknown }?]) {
    const entry = ERRORS[code];
    const a = args[0] as never;
    super((entry.message as (x: never) => string)(a), args[1]?.cause ? { cause: args[1].cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.expose = entry.expose;
    this.details = (a ?? {}) as Record<string, unknown>;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
