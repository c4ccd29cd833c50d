// Member reset links (public §8): a single-use reset token, older ones voided, mailed as a link
// to the site's login page; the answer to a password reset request and to a registration of an
// address that already has an account.
import { insertSiteUserToken, voidSiteUserTokens } from '../../store/queries/member-sessions';
import type { SiteUserRow } from '../../store/queries/members';
import { digest } from '../auth';
import { siteOrigin } from '../kernel/member-options';
import type { LazyCaller } from '../kernel/operation';
import { sendMemberMail } from './mail';
import { memberRuntime } from './runtime';
import { newMemberToken } from './sessions';

/** Creates a reset link for a user (voiding older ones) and mails it. */
export async function mailResetLink(ctx: Pick<LazyCaller, 'services' | 'tenant'>, user: SiteUserRow, path: string, kind: 'reset' | 'already-registered' = 'reset'): Promise<void> {
  const tenant = await ctx.tenant();
  const token = newMemberToken('reset');
  const now = ctx.services.now();
  const expiresAt = now + memberRuntime(ctx.services).lifetimes.resetMs;
  await ctx.services.store.transaction(async (tx) => {
    await voidSiteUserTokens(tx, { tenantKey: tenant.tenantKey, kind: 'reset', siteUserId: user.id }, now);
    await insertSiteUserToken(tx, { tenantKey: tenant.tenantKey, kind: 'reset', tokenHash: digest(token), siteUserId: user.id, email: user.email, payload: {}, expiresAt });
  });
  const link = `${siteOrigin(ctx.services.members, tenant)}/account/login?reset=${token}&redirectTo=${encodeURIComponent(path)}`;
  sendMemberMail(ctx.services, { kind, to: user.email, siteName: tenant.settings.general.siteName, link, expiresAt });
}
