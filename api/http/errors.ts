// Errors at the GraphQL boundary. Catalogued AppErrors keep their message and become
// extensions.code (plus their structured details, e.g. the field); GraphQL's own syntax,
// validation and variable errors are 400s; anything else is masked and logged with its cause.
// Transport refusals (batching, trusted documents, limits, CSRF) have their own small table here.
import { GraphQLError } from '../graphql';
import { ERRORS, isAppError } from '../../engine/domain/errors';
import type { Logger } from '../../engine/services/kernel/services';

export const TRANSPORT_ERRORS = {
  BAD_REQUEST: { status: 400, message: 'Send a JSON object with a "query" string (and optional "variables").' },
  BATCH_NOT_SUPPORTED: { status: 400, message: 'Batched requests are not accepted; send one operation per request.' },
  PERSISTED_QUERY_NOT_FOUND: { status: 400, message: 'Only registered operations are accepted here.' },
  OPERATION_NOT_FOUND: { status: 400, message: 'The document has no operation of that name; send operationName.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is larger than 1 MiB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json.' },
  BODY_TOO_DEEP: { status: 400, message: 'The request body nests objects or arrays too deeply.' },
  CROSS_SITE_REQUEST: { status: 403, message: 'Cross-site request refused.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
} as const;
export type TransportCode = keyof typeof TRANSPORT_ERRORS;

export class TransportError extends Error {
  readonly code: TransportCode;
  readonly status: number;
  constructor(code: TransportCode, message?: string) {
    super(message ?? TRANSPORT_ERRORS[code].message);
    this.name = 'TransportError';
    this.code = code;
    this.status = TRANSPORT_ERRORS[code].status;
  }
}

export interface FormattedError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: string; [k: string]: unknown };
}

const GRAPHQL_STATUS: Record<string, number> = {
  GRAPHQL_PARSE_FAILED: 400, GRAPHQL_VALIDATION_FAILED: 400, BAD_USER_INPUT: 400, QUERY_TOO_DEEP: 400, TOO_MANY_ALIASES: 400,
};

/** The innermost error: GraphQL wraps resolver errors (and argument errors) in located GraphQLErrors. */
function innermost(err: GraphQLError): Error | GraphQLError {
  let e: Error = err;
  while (e instanceof GraphQLError && e.originalError) e = e.originalError;
  return e;
}

/** Field named in a variable error: 'Variable "$input" got invalid value … at "input.status"' → "status". */
function variableField(message: string): string | undefined {
  const at = /at "([^"]+)"/.exec(message)?.[1];
  if (at) return at.includes('.') || at.includes('[') ? at.replace(/^[A-Za-z_][A-Za-z0-9_]*\.?/, '') : at;
  return /^Variable "\$([A-Za-z_][A-Za-z0-9_]*)"/.exec(message)?.[1];
}

function nativeError(g: GraphQLError, inner: GraphQLError): { code: string; extra: Record<string, unknown> } {
  const declared = inner.extensions?.code ?? g.extensions?.code;
  if (typeof declared === 'string') return { code: declared, extra: {} };
  if (g.message.startsWith('Syntax Error')) return { code: 'GRAPHQL_PARSE_FAILED', extra: {} };
  if (g.message.startsWith('Variable "$') || g.message.startsWith('Argument "')) {
    const field = variableField(g.message) ?? /^Argument "([^"]+)"/.exec(g.message)?.[1];
    return { code: 'BAD_USER_INPUT', extra: field ? { field } : {} };
  }
  return { code: 'GRAPHQL_VALIDATION_FAILED', extra: {} };
}

/** Formats one error and gives its HTTP status; unexpected errors are logged and masked. */
export function formatError(err: GraphQLError, log: Logger): { error: FormattedError; status: number } {
  const base = {
    ...(err.locations ? { locations: err.locations } : {}),
    ...(err.path ? { path: err.path } : {}),
  };
  const inner = innermost(err);
  if (isAppError(inner) && inner.expose) {
    const { message: _m, ...details } = inner.details;
    return { error: { message: inner.message, ...base, extensions: { ...details, code: inner.code } }, status: inner.status };
  }
  if (inner instanceof TransportError) {
    return { error: { message: inner.message, ...base, extensions: { code: inner.code } }, status: inner.status };
  }
  if (inner instanceof GraphQLError) {
    // GraphQL's own error: the outermost message carries the context (e.g. which variable).
    const { code, extra } = nativeError(err, inner);
    return { error: { message: err.message, ...base, extensions: { ...extra, code } }, status: GRAPHQL_STATUS[code] ?? 400 };
  }
  log.error({ err: inner, path: err.path }, 'unexpected error in a GraphQL operation');
  return { error: { message: ERRORS.INTERNAL.message(), ...base, extensions: { code: 'INTERNAL' } }, status: 500 };
}

/** A body made of one transport or app error, for refusals before execution. */
export function errorBody(e: unknown, log: Logger): { status: number; body: { errors: FormattedError[] } } {
  const g = e instanceof GraphQLError ? e : new GraphQLError(e instanceof Error ? e.message : String(e), { originalError: e instanceof Error ? e : undefined });
  const { error, status } = formatError(g, log);
  return { status, body: { errors: [error] } };
}
