// Media library images in newsletters (issue 16): the template's header image (a logo, header
// style 3), a display ad's image and a native ad's logo chosen from the library are published by
// the build — each as one derivative in the upload's own format (mail clients do not all show AVIF
// or WebP), wide enough for high-density screens — and every <img src> of the newsletter page that
// points at the tenant's site resolves to a file of the output with the derivative's bytes. The
// library counts those newsletter uses (delete refused), and a replaced file reaches the
// newsletter page in an incremental build.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { ingestImage } from '../../engine/assets/ingest';
import { newsletterCampaignSchema, newsletterTemplateSchema } from '../../engine/domain/newsletter';
import { newsletterAdSchema } from '../../engine/domain/newsletter-ads';
import { assetUses, insertUploadedAsset, replaceAssetFile } from '../../engine/store/queries/assets';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import { upsertNewsletterAd, upsertNewsletterCampaign, upsertNewsletterTemplate } from '../../engine/store/queries/newsletters';
import { ADS, CAMPAIGN, IDS, ORIGIN, TEMPLATE, TENANT, newsletterTestDb, type NewsletterTestDb } from './newsletter-helpers';

const NOW = Date.parse('2026-10-21T15:00:00Z');
let db: NewsletterTestDb;
let assetsDir: string;
let out: string;
let site: string;
const uploads: Record<'header' | 'leader' | 'logo', { id: number; derivatives: { width: number; format: string; file: string }[]; original: string }> = {} as never;

async function ingest(r: number, width: number, height: number, format: 'jpeg' | 'png') {
  const img = sharp({ create: { width, height, channels: 3, background: { r, g: 60, b: 120 } } });
  const bytes = format === 'png' ? await img.png().toBuffer() : await img.jpeg().toBuffer();
  const a = await ingestImage(assetsDir, TENANT, bytes, { maxBytes: 5 * 1024 * 1024 });
  return {
    path: `/media/${TENANT}/${a.original}`, mimeType: a.mime, width: a.width, height: a.height, sha256: a.hash, name: `u${r}.${format}`,
    original: a.original, bytes: a.bytes, derivatives: a.derivatives,
  };
}
async function upload(r: number, width: number, height: number, format: 'jpeg' | 'png') {
  const file = await ingest(r, width, height, format);
  const id = await db.store.transaction((tx) => insertUploadedAsset(tx, TENANT, file));
  return { id, derivatives: file.derivatives, original: file.original };
}

beforeAll(async () => {
  db = await newsletterTestDb();
  assetsDir = mkdtempSync(join(tmpdir(), 'mh-nl-media-assets-'));
  out = mkdtempSync(join(tmpdir(), 'mh-nl-media-out-'));
  uploads.header = await upload(10, 1200, 400, 'png');
  uploads.leader = await upload(80, 1400, 240, 'jpeg');
  uploads.logo = await upload(160, 600, 200, 'jpeg');
  await db.store.transaction(async (tx) => {
    // Header style 3 shows the image as a logo at most 240px wide; the path beside it loses.
    await upsertNewsletterTemplate(tx, IDS.template, TENANT, newsletterTemplateSchema.parse({ ...TEMPLATE, header: { ...TEMPLATE.header, imageAssetId: uploads.header.id } }));
    await upsertNewsletterAd(tx, IDS.ads.leader, TENANT, newsletterAdSchema.parse({ ...ADS[IDS.ads.leader], image: undefined, imageAssetId: uploads.leader.id }));
    await upsertNewsletterAd(tx, IDS.ads.native, TENANT, newsletterAdSchema.parse({ ...ADS[IDS.ads.native], image: undefined, logoAssetId: uploads.logo.id }));
    await upsertNewsletterCampaign(tx, IDS.campaign, TENANT, newsletterCampaignSchema.parse({ ...CAMPAIGN, audienceStatus: 'Sent' }), NOW - 3_600_000);
  });
  await runBuild(db.store, { outDir: out, now: NOW, originTemplate: 'https://{key}.example', workers: 1, tenants: [TENANT], clientDir: null, assetsDir } as Parameters<typeof runBuild>[1]);
  site = realpathSync(join(out, TENANT));
}, 180_000);
afterAll(async () => {
  await db?.close();
  rmSync(assetsDir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

const page = () => load(readFileSync(join(site, `newsletter/${IDS.campaign}/index.html`), 'utf8'));
/** The output file an absolute address on the tenant's origin names. */
const fileOf = (src: string) => join(site, decodeURIComponent(new URL(src).pathname));

describe('media library images in the newsletter build', () => {
  it('shows the header logo, the display ad image and the native ad logo as derivatives of the upload, in its own format', () => {
    const $ = page();
    const srcs = $('img[src]').toArray().map((i) => i.attribs.src!);
    const pick = (u: (typeof uploads)['header'], shown: number) => {
      const own = u.derivatives.filter((d) => d.format !== 'avif' && d.format !== 'webp').sort((a, b) => a.width - b.width);
      return own.find((d) => d.width >= shown * 2) ?? own[own.length - 1]!;
    };
    const header = pick(uploads.header, 240);
    expect(header.format).toBe('png');
    const headerImg = $('.nl-header img').toArray().map((i) => i.attribs.src);
    expect(headerImg).toContain(`${ORIGIN}/media/${TENANT}/${header.file}`);
    expect(srcs.some((s) => s.endsWith('/images/alpha/ship.svg') && $(`.nl-header img[src="${s}"]`).length > 0)).toBe(false);
    const leader = pick(uploads.leader, 600);
    expect(leader.format).toBe('jpeg');
    expect(srcs).toContain(`${ORIGIN}/media/${TENANT}/${leader.file}`);
    const logo = uploads.logo.derivatives.filter((d) => d.format === 'jpeg').sort((a, b) => b.width - a.width)[0]!;
    expect(srcs).toContain(`${ORIGIN}/media/${TENANT}/${logo.file}`);
    for (const s of srcs) expect(s, 'no AVIF or WebP in an email').not.toMatch(/\.(avif|webp)$/);
  });

  it("resolves every <img src> on the tenant's site to a file of the output; the uploads' files are exactly those published", () => {
    const $ = page();
    const own = $('img[src]').toArray().map((i) => i.attribs.src!).filter((s) => s.startsWith(`${ORIGIN}/`));
    const media = own.filter((s) => s.includes(`/media/${TENANT}/`));
    expect(media).toHaveLength(3);
    for (const src of own) expect(() => readFileSync(fileOf(src)), src).not.toThrow();
    for (const src of media) {
      const name = new URL(src).pathname.split('/').pop()!;
      expect(readFileSync(fileOf(src)).equals(readFileSync(join(assetsDir, TENANT, name))), src).toBe(true);
    }
    // Only what the email shows is copied: not the originals, nor the derivatives it does not use.
    const published = new Set(media.map((s) => new URL(s).pathname.split('/').pop()));
    for (const u of Object.values(uploads)) {
      expect(() => readFileSync(join(site, 'media', TENANT, u.original))).toThrow();
      for (const d of u.derivatives) if (!published.has(d.file)) expect(() => readFileSync(join(site, 'media', TENANT, d.file)), d.file).toThrow();
    }
  });

  it("lists the template and the ads among the uploads' uses, so the library refuses to delete them", async () => {
    expect(await assetUses(db.store.db, TENANT, uploads.header.id)).toEqual([
      { kind: 'newsletter template', id: IDS.template, name: TEMPLATE.name },
    ]);
    expect(await assetUses(db.store.db, TENANT, uploads.leader.id)).toEqual([{ kind: 'newsletter ad', id: IDS.ads.leader, name: ADS[IDS.ads.leader]!.title }]);
    expect(await assetUses(db.store.db, TENANT, uploads.logo.id)).toEqual([{ kind: 'newsletter ad', id: IDS.ads.native, name: ADS[IDS.ads.native]!.title }]);
    expect(await assetUses(db.store.db, 'beta', uploads.header.id)).toEqual([]);
  });

  it('after the header image\'s file is replaced (same id), an incremental build points the newsletter at the new derivative and publishes it', async () => {
    const file = await ingest(250, 1200, 400, 'png');
    await db.store.transaction((tx) => replaceAssetFile(tx, TENANT, uploads.header.id, file));
    const builder = new TenantBuilder(db.store, TENANT, { outDir: out, originTemplate: 'https://{key}.example', clientDir: null, workers: 1, assetsDir }, fullTenantBuild);
    const r = await builder.update({ now: NOW, maxShare: 1 });
    expect(r.full).toBe(false);
    const header = page()('.nl-header img').toArray().map((i) => i.attribs.src!).find((s) => s.includes(`/media/${TENANT}/`));
    const name = new URL(header!).pathname.split('/').pop()!;
    expect(file.derivatives.map((d) => d.file)).toContain(name);
    expect(readFileSync(fileOf(header!)).equals(readFileSync(join(assetsDir, TENANT, name)))).toBe(true);
  });
});
