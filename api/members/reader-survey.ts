// The reader survey of the local stand-in audience provider (issue 42; the demo and tests): what
// Omeda's hosted survey form (DragonForms) is to a real site. A survey-gated item's gate sends a
// signed-in reader the provider does not know to the site's audience.surveyUrl; with the fake
// provider that is GET /__member/reader-survey?redirectTo=/path on the site's host. Answering it
// makes the reader a customer of the fake (with their answer as a demographic), forgets what was
// kept about them, and sends them back, where the gate now opens. Only for a tenant whose provider
// is the fake and switched on; anyone else gets 404. The member cookie is SameSite=Strict, so a
// form posted from another site arrives signed out and changes nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../engine/domain/html-escape';
import { safeRedirectPath } from '../../engine/domain/members';
import { demographicStream } from '../../engine/store/queries/demographics';
import { readCookie } from '../http/cookies';
import { hostTenant } from '../http/request-tenant';
import { PAGE_HEADERS, sendPage, standalonePage, urlencodedFields } from '../http/standalone-page';
import type { Services } from '../../engine/services/kernel/services';
import type { TenantRow } from '../../engine/services/kernel/tenancy';
import { memberByToken, MEMBER_COOKIE, type MemberSession } from '../../engine/services/members';

export const READER_SURVEY_PATH = '/__member/reader-survey';

type Req = FastifyRequest<{ Querystring: Record<string, string | string[] | undefined>; Body: Record<string, string> | undefined }>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

interface Question { id: string; text: string; options: { id: string; label: string }[] }

/** The survey's one question: the tenant's first single-select demographic question, else a job function question. */
async function question(services: Services, tenantKey: string): Promise<Question> {
  const { rows } = await demographicStream(services.store.db, { tenantKey, status: 1, limit: 20, skip: 0 });
  const q = rows.find((r) => r.demographicType === 1 && r.values.length > 0);
  if (q) return { id: String(q.id), text: q.omedaWebformText || q.description, options: q.values.map((v) => ({ id: String(v.id), label: v.description })) };
  return {
    id: 'job-function', text: 'Which best describes your job function?',
    options: ['Executive management', 'Operations', 'Procurement', 'Engineering', 'Sales and marketing', 'Other'].map((label, i) => ({ id: String(i + 1), label })),
  };
}

function surveyPage(tenant: TenantRow, q: Question, to: string, error = ''): string {
  const options = q.options.map((o) => `<option value="${escapeHtml(o.id)}">${escapeHtml(o.label)}</option>`).join('');
  return standalonePage(`${tenant.name}: reader survey`,
    `<h1>${escapeHtml(tenant.name)} reader survey</h1>`
    + '<p>One question about your work opens our survey-gated stories. This is the demo\'s stand-in for the audience provider\'s hosted survey form.</p>'
    + (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '')
    + `<form method="post" action="${READER_SURVEY_PATH}"><input type="hidden" name="redirectTo" value="${escapeHtml(to)}"/>`
    + `<label for="answer">${escapeHtml(q.text)}</label><select id="answer" name="answer" required${error ? ' aria-invalid="true"' : ''}>`
    + `<option value="">Choose one</option>${options}</select><p><button type="submit">Send my answer</button></p></form>`,
  'select{display:block;font:inherit;padding:.45rem .5rem;min-width:min(100%,22rem);border:1px solid #9aa3b2;border-radius:6px}');
}

/** The tenant of the host when its provider is the fake and switched on, and the signed-in member; else null. */
async function surveyContext(services: Services, req: Req): Promise<{ tenant: TenantRow; member: MemberSession | null } | null> {
  const tenant = await hostTenant(services, req);
  const audience = tenant?.settings.audience;
  if (!tenant || audience?.provider !== 'fake' || audience.disableOmeda) return null;
  return { tenant, member: await memberByToken(services, tenant.tenantKey, readCookie(req, MEMBER_COOKIE)) };
}

const notFound = (reply: FastifyReply) => sendPage(reply, 404, standalonePage('Not found', '<h1>Not found</h1><p>This site has no reader survey here.</p>'));
const signIn = (reply: FastifyReply, to: string) => reply.code(303).headers({ 'cache-control': 'no-store' })
  .header('location', `/account/login?redirectTo=${encodeURIComponent(`${READER_SURVEY_PATH}?redirectTo=${encodeURIComponent(to)}`)}`).send();

export function registerReaderSurveyRoute(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_req, body, done) => done(null, urlencodedFields(String(body))));

    scope.get(READER_SURVEY_PATH, async (req: Req, reply) => {
      const to = safeRedirectPath(one(req.query.redirectTo));
      const c = await surveyContext(services, req);
      if (!c) return notFound(reply);
      if (!c.member) return signIn(reply, to);
      return sendPage(reply, 200, surveyPage(c.tenant, await question(services, c.tenant.tenantKey), to));
    });

    scope.post(READER_SURVEY_PATH, async (req: Req, reply) => {
      const fields = req.body ?? {};
      const to = safeRedirectPath(fields.redirectTo);
      const c = await surveyContext(services, req);
      if (!c) return notFound(reply);
      if (!c.member) return signIn(reply, to);
      const q = await question(services, c.tenant.tenantKey);
      const answer = q.options.find((o) => o.id === fields.answer);
      if (!answer) return sendPage(reply, 400, surveyPage(c.tenant, q, to, `answer: Choose one of the answers to "${q.text}"`));
      const fake = services.audience.fake;
      const email = c.member.user.email;
      const known = await fake.customerByEmail(email);
      const demographics = [...(known?.demographics ?? []).filter((d) => d.id !== q.id), { id: q.id, valueIds: [answer.id], text: null }];
      fake.put({ ...(known ?? { id: `survey-${c.tenant.tenantKey}-${c.member.user.id}`, encryptedId: null }), email, demographics });
      services.audience.forget(c.tenant.tenantKey, `member:${c.member.user.id}`);
      return reply.code(303).headers({ ...PAGE_HEADERS }).header('location', to).send();
    });
  });
}
