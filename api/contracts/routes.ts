// The contributor's contract page on the tenant's public host (not prerendered; `masthead serve`
// answers it through registerApi):
//   GET  /contract/:id?t=<token>   the terms and an approval form (or, once approved, the locked copy)
//   POST /contract/:id             t=<token>&name=<typed name>: approves the contract
// The token is 256 random bits, compared by its SHA-256 digest, and must be neither expired nor
// revoked, and belong to this contract of this host's tenant. Both routes are rate-limited per
// client address (IPv6 by /64) and per contract.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostTenant } from '../http/request-tenant';
import { contractDate, sameName, truncateIp } from '../../engine/domain/company';
import { approveContractRow, getContract, type ContractRecord } from '../../engine/store/queries/contracts';
import { findCmsUserById } from '../../engine/store/queries/cms-users';
import { insertHistory } from '../../engine/store/queries/history';
import { digest, looksLikeToken } from '../../engine/services/auth';
import { invalidLinkPage, sendPage as send, standalonePage, throttledPage, urlencodedFields } from '../http/standalone-page';
import { clientKey, type LimitRule } from '../../engine/services/kernel/rate-limit';
import type { Services } from '../../engine/services/kernel/services';
import { contractMail } from '../../engine/services/contracts';
import { escapeHtml as esc } from '../../engine/domain/html-escape';

export const CONTRACT_PATH = '/contract/:id';
/** Requests to contract pages per IP (GET and POST together). */
export const CONTRACT_LIMIT: LimitRule = { max: 30, windowMs: 15 * 60_000 };
/** Requests per contract link from all addresses together (guessing a token from many addresses). */
export const CONTRACT_LINK_LIMIT: LimitRule = { max: 60, windowMs: 15 * 60_000 };
const LINK_INVALID = 'This contract link is not valid: it may have expired or been replaced. Ask the editor who sent it for a new one.';


/** The contract page's own rules on top of the shared page style. */
const STYLE = '.terms{border:1px solid #d5dae3;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0;background:#fbfcfe}'
  + 'input[type=text]{font:inherit;padding:.5rem .6rem;width:100%;max-width:24rem;border:1px solid #8a93a6;border-radius:6px}'
  + '.locked{background:#ecfdf3;border:1px solid #abefc6;border-radius:8px;padding:.75rem 1rem}';
const page = (title: string, body: string) => standalonePage(title, body, STYLE);

function termsPage(c: ContractRecord, token: string, error?: string): string {
  const head = `<h1>Contributor contract</h1><p>For <strong>${esc(c.contributorName)}</strong>${c.rate ? ` · rate ${esc(c.rate)}` : ''}${c.startsOn ? ` · from ${esc(c.startsOn)}` : ''}${c.endsOn ? ` to ${esc(c.endsOn)}` : ''}</p>`;
  // c.terms was sanitised by the shared body rules when the contract was saved.
  const terms = `<section class="terms" aria-label="Terms">${c.terms}</section>`;
  if (c.status === 'approved') {
    return page('Contract approved', `${head}<p class="locked" role="status">Approved by ${esc(c.approvedName ?? '')} on ${esc(contractDate(c.approvedAt ?? 0))}. This contract is locked; a copy was e-mailed to you.</p>${terms}`);
  }
  return page('Contributor contract', `${head}${terms}`
    + `<form method="post" action="/contract/${c.id}"><input type="hidden" name="t" value="${esc(token)}"/>`
    + `<label for="name">Type your full name (${esc(c.contributorName)}) to approve</label>`
    + `<input type="text" id="name" name="name" autocomplete="name" required${error ? ' aria-invalid="true" aria-describedby="name-error"' : ''}/>`
    + (error ? `<p class="error" id="name-error" role="alert">${esc(error)}</p>` : '')
    + '<button type="submit">Approve contract</button></form>');
}

type Req = FastifyRequest<{ Params: { id: string }; Querystring: { t?: string | string[] }; Body: Record<string, string> | undefined }>;

/** The contract a valid link names on this host, or null. */
async function byLink(services: Services, req: Req, token: unknown): Promise<ContractRecord | null> {
  const tenant = await hostTenant(services, req);
  const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
  if (!tenant || !id || !looksLikeToken('contract', token)) return null;
  const c = await getContract(services.store.db, tenant.tenantKey, id);
  if (!c?.tokenHash || c.tokenRevokedAt !== null || (c.tokenExpiresAt ?? 0) <= services.now()) return null;
  const a = Buffer.from(c.tokenHash, 'hex');
  const b = Buffer.from(digest(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? c : null;
}

export function registerContractRoutes(app: FastifyInstance, services: Services): void {
  const perAddress = services.shared.limiter('contract-ip', CONTRACT_LIMIT, services.now);
  const perContract = services.shared.limiter('contract-link', CONTRACT_LINK_LIMIT, services.now);
  // Per client address (IPv6 by /64) and per contract, so a second address gets no fresh budget for one link.
  const limited = (req: Req, reply: FastifyReply) => throttledPage(reply, [[perAddress, clientKey(req.ip)], [perContract, String(req.params.id).slice(0, 40)]]);
  const invalid = (reply: FastifyReply) => invalidLinkPage(reply, 'Contract link not valid', LINK_INVALID);

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, urlencodedFields(String(body))));

    scope.get(CONTRACT_PATH, async (req: Req, reply) => {
      if (await limited(req, reply)) return reply;
      const t = Array.isArray(req.query.t) ? req.query.t[0] : req.query.t;
      const c = await byLink(services, req, t);
      if (!c) return invalid(reply);
      return send(reply, 200, termsPage(c, t!));
    });

    scope.post(CONTRACT_PATH, async (req: Req, reply) => {
      if (await limited(req, reply)) return reply;
      const fields = req.body ?? {};
      const c = await byLink(services, req, fields.t);
      if (!c) return invalid(reply);
      if (c.status === 'approved') return send(reply, 200, termsPage(c, fields.t!));
      const name = (fields.name ?? '').trim().slice(0, 200);
      if (!sameName(name, c.contributorName)) {
        return send(reply, 400, termsPage(c, fields.t!, name ? `name: Must match the contributor's name, ${c.contributorName}` : 'name: Field is required'));
      }
      const at = services.now();
      const ip = truncateIp(req.ip);
      const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
      const approved = await services.store.transaction(async (tx) => {
        if (!(await approveContractRow(tx, c.id, { at, name, ip, userAgent }))) return false;
        await insertHistory(tx, {
          tenantKey: c.tenantKey, actorType: 'system', actorId: null, entityType: 'contract', entityId: String(c.id), action: 'approve',
          changes: { approvedName: name, approvedIp: ip, approvedUserAgent: userAgent },
        });
        return true;
      });
      const now = (await getContract(services.store.db, c.tenantKey, c.id))!;
      if (approved) {
        const staff = c.createdBy !== null ? await findCmsUserById(services.store.db, c.createdBy) : undefined;
        const tenant = await services.tenants.byKey(c.tenantKey);
        await contractMail(services, {
          kind: 'approved', to: [c.contributorEmail, ...(staff ? [staff.email] : [])], tenant: tenant ?? { tenantKey: c.tenantKey, domain: '' },
          contributorName: c.contributorName, approvedName: name, approvedAt: at, terms: c.terms, id: c.id,
        });
      }
      return reply.code(303).headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
        .header('location', `/contract/${now.id}?t=${encodeURIComponent(fields.t!)}`).send();
    });
  });
}
