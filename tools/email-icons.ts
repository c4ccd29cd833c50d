// Regenerates templates/email-icons/: the social glyphs newsletters show, white (<network>.png, on a
// coloured badge) and in the network's brand colour (<network>-brand.png, on a white badge), see
// engine/newsletter/mjml.ts. Mail clients need raster images and would otherwise
// load them from a third party's CDN on every open; the build copies these into every tenant's
// site at /__email/social/ (engine/build/stages/emit.ts), so emails load them from the tenant's origin.
//
// The glyphs are Font Awesome Free brand icons (CC BY 4.0, https://fontawesome.com/license/free),
// drawn on transparent at 48 × 48 px (shown at 24 px: sharp on high-density screens) by
// Debian's Chromium. Run: `npx tsx tools/email-icons.ts` (needs /usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { faFacebookF, faInstagram, faLinkedinIn, faPinterestP, faXTwitter, faYoutube } from '@fortawesome/free-brands-svg-icons';
import { chromium } from 'playwright-core';
import { NEWSLETTER_SOCIAL_NETWORKS, SOCIAL_BRAND_COLORS, socialIconFile, type NewsletterSocialNetwork, type SocialGlyph } from '../engine/domain/newsletter';

const OUT = fileURLToPath(new URL('../templates/email-icons/', import.meta.url));
const SIZE = 48;
/** The glyph's box inside the badge (the rest is the badge's margin). */
const GLYPH = 26;

const GLYPHS: Record<NewsletterSocialNetwork, { icon: [number, number, unknown, unknown, string | string[]] }> = {
  facebook: faFacebookF, twitter: faXTwitter, instagram: faInstagram, pinterest: faPinterestP, linkedin: faLinkedinIn, youtube: faYoutube,
};

function svg(network: NewsletterSocialNetwork, glyph: SocialGlyph): string {
  const [w, h, , , path] = GLYPHS[network].icon;
  const d = Array.isArray(path) ? path.join(' ') : path;
  const fill = glyph === 'white' ? '#ffffff' : SOCIAL_BRAND_COLORS[network];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${GLYPH}" height="${GLYPH}" viewBox="0 0 ${w} ${h}"><path fill="${fill}" d="${d}"/></svg>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  mkdirSync(OUT, { recursive: true });
  for (const network of NEWSLETTER_SOCIAL_NETWORKS) {
    for (const glyph of ['white', 'brand'] as const) {
      await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">
        <div style="width:${SIZE}px;height:${SIZE}px;display:flex;align-items:center;justify-content:center">${svg(network, glyph)}</div></body></html>`);
      const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
      const file = socialIconFile(network, glyph);
      writeFileSync(join(OUT, file), png);
      console.log(`${file} ${png.length} bytes`);
    }
  }
} finally {
  await browser.close();
}
