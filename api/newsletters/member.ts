// The one seam between newsletters and member sessions: the signed-in member of a request (from
// the x-site-user bearer or the member cookie, checked by api/members/session.ts), or null.
import type { GqlContext } from '../context';
import { memberOf } from '../members';

export async function signedInMemberId(ctx: GqlContext): Promise<number | null> {
  return (await memberOf(ctx))?.user.id ?? null;
}
