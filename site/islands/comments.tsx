// The comments block (public §6: commenting needs the memberships module with commenting on): a
// provider-agnostic mount point. The configured provider's script is loaded only once the reader
// has granted the functional category (window.mastheadConsent, site/client/consent.ts) — at once
// when already granted, else when the choice changes to allow it. Without the consent API (a site
// with no consent configuration) nothing third-party is loaded. The script finds its thread by the
// #comments-<id> element and its data attributes (content id, page address, title).
import { useEffect, useState } from 'react';
import type { ConsentApi } from '../client/consent';

export type CommentsProps = { provider: string; scriptUrl: string; contentId: number; title: string };

export const COMMENTS_TEXTS = {
  heading: 'Comments',
  waiting: (provider: string) => `Comments are provided by ${provider}. They load once you allow functional cookies.`,
  manage: 'Cookie preferences',
} as const;

const consentApi = (): ConsentApi | undefined => (window as unknown as { mastheadConsent?: ConsentApi }).mastheadConsent;

function loadProvider(p: CommentsProps): void {
  if (document.querySelector(`script[data-comments-provider="${CSS.escape(String(p.contentId))}"]`)) return;
  const s = document.createElement('script');
  s.src = p.scriptUrl;
  s.async = true;
  s.dataset.commentsProvider = String(p.contentId);
  document.body.append(s);
}

export function Comments(p: CommentsProps) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const consent = consentApi();
    if (!consent) return undefined;
    const start = () => { loadProvider(p); setLoaded(true); };
    if (consent.has('functional')) { start(); return undefined; }
    const off = consent.onChange((g) => { if (g.functional) { off(); start(); } });
    return off;
  }, [p]);
  return (
    <section className="comments" aria-label={COMMENTS_TEXTS.heading}>
      <div id={`comments-${p.contentId}`} className="comments-thread" data-content-id={p.contentId} data-title={p.title} />
      {!loaded && (
        <p className="comments-waiting">
          {COMMENTS_TEXTS.waiting(p.provider)}{' '}
          <button type="button" className="link-button" onClick={() => consentApi()?.open()}>{COMMENTS_TEXTS.manage}</button>
        </p>
      )}
    </section>
  );
}
