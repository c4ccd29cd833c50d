// The one-click unsubscribe route (RFC 8058), mounted by registerApi:
//   GET  /api/newsletter/unsubscribe?token=…   a confirmation page whose button POSTs; changes nothing
//   POST /api/newsletter/unsubscribe?token=…   body List-Unsubscribe=One-Click: unsubscribes
// The signed token is the only credential: no login, no cookie, so the cookie CSRF check of
// /graphql does not apply (mail providers POST from their own servers). On a tenant's host a token
// of another tenant is refused; an expired token answers 410 with its own message. The form parsers live in this route's own scope only, so
// POST /graphql keeps accepting JSON alone.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { htmlToText } from '../../engine/domain/text';
import { listNewsletterItems } from '../../engine/store/queries/newsletters';
import { checkUnsubscribeToken, INVALID_UNSUBSCRIBE_LINK, refusedLinkMessage, unsubscribeByToken, type UnsubscribePayload } from '../../engine/newsletter/unsubscribe';
import { hostTenant, nameTenant } from '../http/request-tenant';
import type { Services } from '../../engine/services/kernel/services';
import { configureNewsletters, UNSUBSCRIBE_PATH, type NewsletterOptions } from '../../engine/services/newsletters';
import { confirmPage, messagePage, multipartFields, PAGE_HEADERS, urlencodedFields } from '../../engine/services/newsletters';

const FORM_BODY_LIMIT = 16 * 1024;
export const NOT_SET_UP = 'Unsubscribe links are not set up on this server. Please manage your newsletters from your account.';
export const ONE_CLICK_REQUIRED = 'Use the Unsubscribe button on the page this link opens, or the unsubscribe command of your mail app.';

type Req = FastifyRequest<{ Querystring: { token?: string | string[] } }>;

const tokenOf = (req: Req): string | undefined => {
  const t = req.query.token;
  return Array.isArray(t) ? t[0] : t;
};

const send = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(PAGE_HEADERS).send(html);

/**
 * The tenant whose host the request came to, if any (mail clients send no tenant header), and the
 * tenant of a valid link for it: on another host (the API's own) the signed link names the tenant.
 * Both are named as the request's tenant (api/http/request-tenant.ts).
 */
async function linkTenant(services: Services, req: Req, secret: string): Promise<{ expect: string | undefined; link: UnsubscribePayload | null; expired: boolean }> {
  const expect = (await hostTenant(services, req))?.tenantKey;
  const checked = checkUnsubscribeToken(secret, tokenOf(req), services.now());
  const p = checked.ok ? checked.payload : null;
  const link = p && (expect === undefined || p.tenantKey === expect) ? p : null;
  if (link) nameTenant({ tenantKey: link.tenantKey });
  return { expect, link, expired: !checked.ok && checked.reason === 'expired' };
}

/** Mounts the unsubscribe route and records ApiOptions.newsletters for the operations of this app. */
export function registerNewsletterRoutes(app: FastifyInstance, services: Services, options: { mode?: string; newsletters?: NewsletterOptions }): void {
  const rt = configureNewsletters(services, options.newsletters);
  const secret = rt.options.unsubscribeSecret;

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => done(null, urlencodedFields(String(body))));
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (req, body, done) => done(null, multipartFields(String(body), req.headers['content-type'])));

    scope.get(UNSUBSCRIBE_PATH, async (req: Req, reply) => {
      if (!secret) return send(reply, 503, messagePage('Unsubscribe', NOT_SET_UP));
      const token = tokenOf(req);
      const { link: p, expired } = await linkTenant(services, req, secret);
      if (expired) return send(reply, 410, messagePage('Unsubscribe', refusedLinkMessage('expired')));
      const [newsletter] = p ? await listNewsletterItems(services.store.db, p.tenantKey, [p.newsletterId]) : [];
      if (!p || !newsletter || !token) return send(reply, 400, messagePage('Unsubscribe', INVALID_UNSUBSCRIBE_LINK));
      return send(reply, 200, confirmPage({ token, email: p.email, newsletter: htmlToText(newsletter.title) }));
    });

    scope.post(UNSUBSCRIBE_PATH, async (req: Req, reply) => {
      if (!secret) return send(reply, 503, messagePage('Unsubscribe', NOT_SET_UP));
      const fields = (req.body ?? {}) as Record<string, string>;
      if (fields['List-Unsubscribe'] !== 'One-Click') return send(reply, 400, messagePage('Unsubscribe', ONE_CLICK_REQUIRED));
      const outcome = await unsubscribeByToken(
        { store: services.store, secret, provider: rt.options.audience, now: services.now }, tokenOf(req), (await linkTenant(services, req, secret)).expect,
      );
      if (!outcome.ok) return send(reply, outcome.expired ? 410 : 400, messagePage('Unsubscribe', outcome.message));
      return send(reply, 200, messagePage('Unsubscribed', outcome.message));
    });
  });
}
