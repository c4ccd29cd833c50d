// Content sidebars (issue 17): boxes, not <aside> landmarks — several on a page would need unique
// names (axe unique-landmark). On an open page they are complete in the server markup. On a gated
// page (public §4 "Hidden blocks") the static files hold none: the island asks the page's gate
// decision (getGatedContent, asked once per page), which carries the sanitised sidebars only to a
// reader who passes; until it answers, or when it fails, nothing shows.
import { useEffect, useState } from 'react';
import { gatedContent } from '../client/member-gate';

export function SidebarBoxes({ sidebars }: { sidebars: string[] }) {
  return <>{sidebars.map((html, i) => <div key={i} className="content-sidebar rich-text" dangerouslySetInnerHTML={{ __html: html }} />)}</>;
}

export type ContentSidebarsProps = { lockedFor: number };

export function ContentSidebars({ lockedFor }: ContentSidebarsProps) {
  const [sidebars, setSidebars] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    gatedContent(lockedFor).then(
      (g) => { if (live && g.canRead && !g.hiddenBlocks.includes('content_sidebar')) setSidebars(g.sidebars ?? []); },
      () => {},
    );
    return () => { live = false; };
  }, [lockedFor]);
  return <SidebarBoxes sidebars={sidebars} />;
}
