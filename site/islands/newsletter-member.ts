// Who is reading, for the newsletter islands (public §4 "Subscribe pane", §6): the signed-in
// member (with their newsletter ids) or null for an anonymous reader. The member session helper
// (site/client/member-session.ts) answers from its 24-hour cache or the API; after an opt in or
// out the cache is refreshed so the next page offers the right newsletters.
import { currentMember, refreshMember, type MemberInfo } from '../client/member-session';

export type SignedInMember = Pick<MemberInfo, 'id' | 'email' | 'newsletters'>;

export function signedInMember(): Promise<SignedInMember | null> {
  return currentMember().then((m) => (m && Array.isArray(m.newsletters) ? m : null), () => null);
}

/** Reloads the member's info after their subscriptions changed. */
export function memberChanged(): void {
  void refreshMember().catch(() => null);
}
