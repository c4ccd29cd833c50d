// The page-level ad containers (issue 19): the header leaderboard above <main>, the reskin slot, the
// sticky bottom bar (hidden until the reader first scrolls; its X closes it for the session) and the
// page's ad configuration as JSON for the ads client (site/client/ads.ts). Slots are empty
// containers: their height is reserved by the page's CSS (PageAdsView.css), so filling them never
// moves the page.
import type { AdSlotView, PageAdsView } from './model';
import { ADS_CONFIG_ID } from '../engine/domain/ads-config';
import { escapeJsonForHtml } from './json';

function Slot({ slot }: { slot: AdSlotView }) {
  return <div className={`ad-slot ad-${slot.type}`} id={slot.id} data-ad-key={slot.key} />;
}

export function AdsTop({ ads }: { ads: PageAdsView }) {
  const header = ads.slots.find((s) => s.type === 'header-leaderboard');
  const reskin = ads.slots.find((s) => s.type === 'reskin');
  return (
    <>
      {reskin ? <Slot slot={reskin} /> : null}
      {header ? <div className="ad-header site-width"><Slot slot={header} /></div> : null}
    </>
  );
}

export function AdsBottom({ ads }: { ads: PageAdsView }) {
  const sticky = ads.slots.find((s) => s.type === 'sticky-bottom');
  return (
    <>
      {sticky ? (
        <div className="ad-sticky" data-ad-sticky="" hidden>
          <button type="button" className="ad-sticky-close" aria-label="Close ad">×</button>
          <Slot slot={sticky} />
        </div>
      ) : null}
      <script type="application/json" id={ADS_CONFIG_ID} dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(ads) }} />
    </>
  );
}
