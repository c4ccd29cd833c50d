// The digital edition (zmag) embed of a content page with a zmagId (issue 21, public §4). The
// prerendered page carries an inert facade: a title and a button, no frame, so nothing loads from
// the viewer until the reader asks. In the browser it asks the page's gate decision (the same
// getGatedContent answer the gate island uses) and hides itself when that decision lists the
// zmag_embed block as hidden (gating failed and the meter failed); otherwise the button frames the
// viewer in place.
// Consent (issue 18): the viewer is a third-party frame of the functional category. Without that
// consent the facade says so and the click is the reader's consent for this one frame (the stored
// choice is not changed); withdrawing functional consent closes a frame opened under it.
import { useEffect, useRef, useState } from 'react';
import { gatedContent, type GatedContent } from '../client/member-gate';
import type { ConsentApi } from '../client/consent';

export type ZmagEmbedProps = {
  contentId: number;
  /** The viewer URL of the item's zmag publication (engine/domain/magazine.ts zmagViewerUrl). */
  viewerUrl: string;
};

export const ZMAG_BLOCK = 'zmag_embed';

export const ZMAG_TEXTS = {
  title: 'Digital edition',
  open: 'Open the digital edition',
  frame: 'Digital edition viewer',
  consentNote: 'The viewer is provided by zmag and may set its own cookies. Opening it loads it on this page only.',
} as const;

type PageConsent = Pick<ConsentApi, 'has' | 'onChange'>;
const pageConsent = (): PageConsent | null => (window as { mastheadConsent?: PageConsent }).mastheadConsent ?? null;

/** Public §4: the zmag embed is hidden when the page's decision lists it (gating and meter failed). */
export function showsZmagEmbed(g: Pick<GatedContent, 'hiddenBlocks'>): boolean {
  return !g.hiddenBlocks.includes(ZMAG_BLOCK);
}

type State = 'pending' | 'ready' | 'open' | 'hidden';

export function ZmagEmbed({ contentId, viewerUrl }: ZmagEmbedProps) {
  const [state, setState] = useState<State>('pending');
  // The server's facade has no note (consent is only known in the browser).
  const [allowed, setAllowed] = useState(true);
  const openedAllowed = useRef(false);
  useEffect(() => {
    const c = pageConsent();
    setAllowed(c?.has('functional') ?? false);
    return c?.onChange((g) => {
      setAllowed(g.functional);
      if (!g.functional && openedAllowed.current) setState((s) => (s === 'open' ? 'ready' : s));
    });
  }, []);
  useEffect(() => {
    let live = true;
    // An unanswered decision fails closed: the embed stays hidden, the gate island shows the error.
    gatedContent(contentId).then((g) => { if (live) setState(showsZmagEmbed(g) ? 'ready' : 'hidden'); }, () => { if (live) setState('hidden'); });
    return () => { live = false; };
  }, [contentId]);

  if (state === 'hidden') return null;
  return (
    <section className="zmag-embed-block" aria-label={ZMAG_TEXTS.title}>
      <p className="zmag-title">{ZMAG_TEXTS.title}</p>
      {state === 'open'
        ? <iframe className="zmag-frame" src={viewerUrl} title={ZMAG_TEXTS.frame} loading="lazy" allowFullScreen />
        : (
          <>
            {!allowed && <p className="zmag-consent">{ZMAG_TEXTS.consentNote}</p>}
            <button type="button" className="button zmag-open" disabled={state === 'pending'} onClick={() => { openedAllowed.current = allowed; setState('open'); }}>{ZMAG_TEXTS.open}</button>
          </>
        )}
    </section>
  );
}
