// The company's update page on the tenant's public host (not prerendered; `masthead serve` answers
// it through registerApi):
//   GET  /company-update/:hash   the company's current profile as an editable form (no account)
//   POST /company-update/:hash   the edited profile: validated, stored as a pending update
// The hash is the link's token (256 random bits), compared by its SHA-256 digest; it must be
// neither expired nor revoked, belong to this host's tenant, and the tenant's company-updates
// module must be on. A submission is never published directly; staff review it in the admin.
// Both routes are rate-limited per client address (engine/services/kernel/rate-limit.ts clientKey: IPv6 by /64) and
// per link, so more addresses do not buy more tries at one link.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import { companyProfileSchema, profileFromForm, profileOf, type CompanyProfileField } from '../../engine/domain/company-updates';
import { fieldPath } from '../../engine/domain/validation';
import { enabledModules } from '../../engine/domain/settings';
import { contentByIds } from '../../engine/store/queries/content';
import { companyUpdateByTokenHash, submitCompanyUpdateRow, type CompanyUpdateRecord } from '../../engine/store/queries/company-updates';
import { insertHistory } from '../../engine/store/queries/history';
import { digest, looksLikeToken } from '../../engine/services/auth';
import { invalidLinkPage, sendPage as send, throttledPage, urlencodedFields } from '../http/standalone-page';
import { clientKey, type LimitRule } from '../../engine/services/kernel/rate-limit';
import type { Services } from '../../engine/services/kernel/services';
import { formPage, formValues, submittedPage } from '../../engine/services/company-updates';

export const COMPANY_UPDATE_PATH = '/company-update/:hash';
/** Requests to company update pages per client address (GET and POST together). */
export const COMPANY_UPDATE_LIMIT: LimitRule = { max: 30, windowMs: 15 * 60_000 };
/** Requests to one update link from every address together: a company's few people, a few tries each. */
export const COMPANY_UPDATE_LINK_LIMIT: LimitRule = { max: 60, windowMs: 15 * 60_000 };
const LINK_INVALID = 'This update link is not valid: it may have expired, been withdrawn or already been used. Ask the editor who sent it for a new one.';

type Req = FastifyRequest<{ Params: { hash: string }; Body: Record<string, string> | undefined }>;

/** The request a valid link names on this host, with its Company item, or null. */
async function byLink(services: Services, req: Req) {
  const tenant = await hostTenant(services, req);
  const token = req.params.hash;
  if (!tenant || !looksLikeToken('company', token) || !enabledModules(tenant.settings).includes('company-updates')) return null;
  const r = await companyUpdateByTokenHash(services.store.db, digest(token));
  if (!r || r.tenantKey !== tenant.tenantKey || r.tokenRevokedAt !== null || (r.tokenExpiresAt ?? 0) <= services.now()) return null;
  if (r.status !== 'requested' && r.status !== 'submitted') return null;
  const [row] = await contentByIds(services.store.db, tenant.tenantKey, [r.contentId]);
  if (!row || row.type !== 'Company' || row.status === 0) return null;
  return { r, row, tenant };
}

export function registerCompanyUpdateRoutes(app: FastifyInstance, services: Services): void {
  const perAddress = services.shared.limiter('company-update-ip', COMPANY_UPDATE_LIMIT, services.now);
  const perLink = services.shared.limiter('company-update-link', COMPANY_UPDATE_LINK_LIMIT, services.now);
  // The link is counted by its digest (the token itself is never kept).
  const limited = (req: Req, reply: FastifyReply) => throttledPage(reply, [[perAddress, clientKey(req.ip)], [perLink, digest(String(req.params.hash).slice(0, 200))]]);
  const invalid = (reply: FastifyReply) => invalidLinkPage(reply, 'Update link not valid', LINK_INVALID);
  const action = (req: Req) => `/company-update/${req.params.hash}`;

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 },
      (_req, body, done) => done(null, urlencodedFields(String(body))));

    scope.get(COMPANY_UPDATE_PATH, async (req: Req, reply) => {
      if (await limited(req, reply)) return reply;
      const l = await byLink(services, req);
      if (!l) return invalid(reply);
      if (l.r.status === 'submitted') return send(reply, 200, submittedPage(l.row.name));
      return send(reply, 200, formPage(l.row.name, l.tenant.name, action(req), formValues(profileOf(l.row))));
    });

    scope.post(COMPANY_UPDATE_PATH, async (req: Req, reply) => {
      if (await limited(req, reply)) return reply;
      const l = await byLink(services, req);
      if (!l) return invalid(reply);
      if (l.r.status === 'submitted') return send(reply, 200, submittedPage(l.row.name));
      const form = req.body ?? {};
      const raw = profileFromForm(form);
      const parsed = companyProfileSchema.safeParse(raw);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const i of parsed.error.issues) {
          const f = String(i.path[0] ?? 'form');
          errors[f] ??= `${fieldPath(i.path)}: ${i.message}`;
        }
        const values = Object.fromEntries(Object.keys(formValues(profileOf(l.row))).map((k) => [k, String(form[k] ?? '').slice(0, 20_000)])) as Record<CompanyProfileField, string>;
        return send(reply, 400, formPage(l.row.name, l.tenant.name, action(req), values, errors));
      }
      await submit(services, l.r, parsed.data as unknown as Record<string, unknown>, profileOf(l.row) as unknown as Record<string, unknown>);
      return reply.code(303).headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).header('location', action(req)).send();
    });
  });
}

async function submit(services: Services, r: CompanyUpdateRecord, proposed: Record<string, unknown>, baseline: Record<string, unknown>): Promise<void> {
  const at = services.now();
  await services.store.transaction(async (tx) => {
    if (!(await submitCompanyUpdateRow(tx, r.id, proposed, baseline, at))) return;
    await insertHistory(tx, {
      tenantKey: r.tenantKey, actorType: 'system', actorId: null, entityType: 'company-update', entityId: String(r.id), action: 'submit', changes: {},
    });
  });
}
