// The page-level ad containers (issue 19; the sticky bar and the welcome ad stay hidden by CSS until
// the client adds .is-open): the skin and the header leaderboard above <main>, the
// reskin slot, the sticky bottom bar (hidden until the reader first scrolls; its X closes it for
// the session), the welcome ad (hidden until its delay has passed; it closes after its length or
// on X) and the page's ad configuration as JSON for the ads client (site/client/ads.ts). Slots are
// empty containers whose height the page's CSS reserves (PageAdsView.css), so filling them never
// moves the page; house creatives are rendered here already. Links to advertisers are
// rel="sponsored"; data-house-ad marks what the client measures.
import { ADS_CONFIG_ID } from '../engine/domain/ads-config';
import type { AdSlotView, HouseAdsView, PageAdsView } from './model';
import { escapeJsonForHtml } from './json';
import { adFallbackHtml, bannerAdHtml } from './ads-html';

/** A slot's container with its house creative (`inner`) or its fallback (ad-server brands) inside. */
export function Slot({ slot, inner }: { slot: AdSlotView; inner?: string }) {
  return <div className={`ad-slot ad-${slot.type}`} id={slot.id} data-ad-key={slot.key} dangerouslySetInnerHTML={{ __html: inner ?? adFallbackHtml(slot) }} />;
}

/** The client's configuration: the slots without their prerendered fallbacks. */
const clientConfig = (ads: PageAdsView): PageAdsView => ({ ...ads, slots: ads.slots.map(({ fallback: _f, ...s }) => s) });

const SPONSORED = { rel: 'sponsored noopener', target: '_blank' } as const;
/** The welcome image loads with the page at low priority. React writes the camel-case prop as it is, so the attribute goes in lower case. */
const LOW_PRIORITY = { fetchpriority: 'low' } as Record<string, string>;

function Skin({ skin }: { skin: NonNullable<HouseAdsView['skin']> }) {
  return (
    <div className={`ad-skin ad-skin-${skin.type}`} data-house-ad={skin.id} data-ad-unit="skin">
      {skin.left ? <a className="ad-skin-side ad-skin-left" href={skin.left.url} {...SPONSORED} aria-label={skin.title}><img src={skin.left.image} alt="" loading="lazy" /></a> : null}
      {skin.right ? <a className="ad-skin-side ad-skin-right" href={skin.right.url} {...SPONSORED} aria-label={skin.title}><img src={skin.right.image} alt="" loading="lazy" /></a> : null}
      {skin.image ? <a className="ad-skin-banner site-width" href={skin.clickUrl} {...SPONSORED}><img src={skin.image} alt={skin.title} /></a> : null}
    </div>
  );
}

function Welcome({ welcome }: { welcome: NonNullable<HouseAdsView['welcome']> }) {
  return (
    <div className="ad-welcome" data-ad-welcome="" data-house-ad={welcome.id} data-ad-unit="welcome" data-delay={welcome.delay} data-length={welcome.length}
      role="dialog" aria-label="Advertisement">
      <div className="ad-welcome-box">
        <button type="button" className="ad-welcome-close" aria-label="Close ad">×</button>
        {welcome.type === 'welcomeAdTag' && welcome.tag ? (
          <iframe className="ad-welcome-frame" title="Advertisement" sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox" data-srcdoc={welcome.tag} />
        ) : welcome.image ? (
          <a href={welcome.clickUrl ?? undefined} {...SPONSORED}>
            <picture>
              {welcome.mobileImage ? <source media="(max-width: 767px)" srcSet={welcome.mobileImage} /> : null}
              {/* Loaded with the page at low priority (not lazily: the dialog is hidden until it opens), so it opens at its full size. */}
              <img src={welcome.image} alt="Advertisement" decoding="async" {...LOW_PRIORITY} {...(welcome.size ? { width: welcome.size.width, height: welcome.size.height } : {})} />
            </picture>
          </a>
        ) : null}
      </div>
    </div>
  );
}

export function AdsTop({ ads }: { ads: PageAdsView }) {
  const header = ads.slots.find((s) => s.type === 'header-leaderboard');
  const reskin = ads.slots.find((s) => s.type === 'reskin');
  return (
    <>
      {ads.house?.skin ? <Skin skin={ads.house.skin} /> : null}
      {reskin ? <Slot slot={reskin} /> : null}
      {header ? <div className="ad-header site-width"><Slot slot={header} /></div> : null}
    </>
  );
}

export function AdsBottom({ ads }: { ads: PageAdsView }) {
  const sticky = ads.slots.find((s) => s.type === 'sticky-bottom');
  const house = ads.house?.sticky;
  return (
    <>
      {sticky ? (
        <div className="ad-sticky" data-ad-sticky="">
          <button type="button" className="ad-sticky-close" aria-label="Close ad">×</button>
          <Slot slot={sticky} {...(house ? { inner: bannerAdHtml(house, sticky.key) } : {})} />
        </div>
      ) : null}
      {ads.house?.welcome ? <Welcome welcome={ads.house.welcome} /> : null}
      <script type="application/json" id={ADS_CONFIG_ID} dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(clientConfig(ads)) }} />
    </>
  );
}
