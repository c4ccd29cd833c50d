// The footer's newsletter button in membership mode (public §2 "Footer"): Join for readers who are
// not signed in (also the server-rendered state), Manage, linking to /account#manage-newsletters,
// once the API says a member is signed in. The chrome renders it only when memberships are on.
import { useEffect, useState } from 'react';
import { A } from '../link';
import type { SiteLink } from '../model';
import { signedInMember } from './newsletter-member';

export type NewsletterButtonProps = { join: SiteLink; manage: SiteLink };

export function NewsletterButton({ join, manage }: NewsletterButtonProps) {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let live = true;
    void signedInMember().then((m) => { if (live) setSignedIn(m !== null); });
    return () => { live = false; };
  }, []);
  return signedIn ? <A link={manage} className="button" /> : <A link={join} className="button" step="click-join-footer" />;
}
