// Every cookie the server sets or reads goes through here. Over https (directly, or as a trusted
// proxy reports it) a cookie is named with the `__Host-` prefix, which browsers accept only with
// Secure, Path=/ and no Domain: a sibling subdomain or a plain-http page cannot plant or overwrite
// it. Over http (local development) the plain name and the given path stay. Cookies are HttpOnly
// and SameSite=Strict unless a caller says otherwise.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const HOST_PREFIX = '__Host-';

export interface CookieAttributes {
  expires?: Date;
  /** Honoured over http only: a `__Host-` cookie's path is always "/". */
  path?: string;
  sameSite?: 'strict' | 'lax';
  httpOnly?: boolean;
}

const overHttps = (req: FastifyRequest) => req.protocol === 'https';

/** The name a cookie has on this request's transport. */
export function cookieName(req: FastifyRequest, name: string): string {
  return overHttps(req) ? `${HOST_PREFIX}${name}` : name;
}

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  return req.cookies?.[cookieName(req, name)];
}

function attributes(req: FastifyRequest, a: CookieAttributes) {
  const secure = overHttps(req);
  return { httpOnly: a.httpOnly ?? true, sameSite: a.sameSite ?? 'strict', secure, path: secure ? '/' : a.path ?? '/', ...(a.expires ? { expires: a.expires } : {}) } as const;
}

export function setCookie(req: FastifyRequest, reply: FastifyReply, name: string, value: string, a: CookieAttributes = {}): void {
  reply.setCookie(cookieName(req, name), value, attributes(req, a));
}

export function clearCookie(req: FastifyRequest, reply: FastifyReply, name: string, a: CookieAttributes = {}): void {
  reply.clearCookie(cookieName(req, name), attributes(req, a));
}
