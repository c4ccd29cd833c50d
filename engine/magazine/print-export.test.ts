// The print package of an issue, read as the layout desk would: unzip it, parse every ICML file as
// XML, find each placed story's headline and paragraphs, and each story image byte for byte. Also the
// tenant checks on magazine ids: another tenant can neither export, overwrite nor fill an issue.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, content } from '../store/schema';
import { getTenantIssue, upsertIssue, upsertPublication } from '../store/queries/newsletters';
import { setIssuePlacements, upsertMagazineSection } from '../store/queries/magazine';
import { IDS, ISSUE_DATE, OTHER_TENANT, TENANT, newsletterTestDb, type NewsletterTestDb } from '../../tests/integration/newsletter-helpers';
import { exportIssueForPrint, PrintExportError, type PrintManifest } from './print-export';

const FEATURES = 501; const NEWS = 502;
const STORIES = { cover: 10_010_003, second: 10_010_005, brief: 10_010_002 } as const;
const RICH = '<h2>Why now</h2><p>Rates &amp; <b>fees</b> are "up" &lt;again&gt;.</p><ul><li>First <em>point</em></li></ul>';

let db: NewsletterTestDb;
let files: Record<string, Uint8Array>;
let manifest: PrintManifest;

beforeAll(async () => {
  db = await newsletterTestDb();
  await db.store.transaction(async (tx) => {
    await upsertMagazineSection(tx, TENANT, { id: NEWS, publicationId: IDS.publication, name: 'News', position: 2 });
    await upsertMagazineSection(tx, TENANT, { id: FEATURES, publicationId: IDS.publication, name: 'Features', position: 1 });
    await tx.update(content).set({ body: RICH }).where(eq(content.id, STORIES.second));
    await setIssuePlacements(tx, TENANT, IDS.issue, [
      { sectionId: NEWS, contentId: STORIES.brief },
      { sectionId: FEATURES, contentId: STORIES.cover },
      { sectionId: FEATURES, contentId: STORIES.second },
    ]);
  });
  const out = await exportIssueForPrint(db.store.db, TENANT, IDS.issue);
  files = unzipSync(out.zip);
  manifest = out.manifest;
}, 60_000);
afterAll(async () => { await db.close(); });

const parser = new XMLParser({ ignoreAttributes: false, trimValues: false, parseTagValue: false, isArray: (name) => ['ParagraphStyleRange', 'CharacterStyleRange', 'Content'].includes(name) });
type Range = { '@_AppliedParagraphStyle': string; CharacterStyleRange: { '@_AppliedCharacterStyle': string; Content: unknown[] }[] };
function paragraphs(file: string): { style: string; text: string; runs: { style: string; text: string }[] }[] {
  const text = strFromU8(files[file]!);
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = parser.parse(text) as { Document: { Story: { ParagraphStyleRange: Range[] } } };
  return doc.Document.Story.ParagraphStyleRange.map((p) => {
    const runs = p.CharacterStyleRange.map((r) => ({ style: r['@_AppliedCharacterStyle'], text: r.Content.map(String).join('') }));
    return { style: p['@_AppliedParagraphStyle'], text: runs.map((r) => r.text).join(''), runs };
  });
}

describe('exportIssueForPrint', () => {
  it('zips a manifest, one ICML file per placed story and every story image, sections in order', () => {
    const stories = manifest.sections.flatMap((s) => s.stories);
    expect(manifest.sections.map((s) => s.name)).toEqual(['Features', 'News']);
    expect(stories.map((s) => s.contentId)).toEqual([STORIES.cover, STORIES.second, STORIES.brief]);
    const icml = Object.keys(files).filter((f) => f.endsWith('.icml')).sort();
    expect(icml).toEqual(stories.map((s) => s.file).sort());
    expect(JSON.parse(strFromU8(files['manifest.json']!))).toEqual(manifest);
    for (const s of stories) expect(s.images.map((i) => i.assetId)).toEqual([120]);
    expect(Object.keys(files).filter((f) => f.startsWith('images/'))).toEqual(['images/120-ship.svg']);
  });

  it('writes every story as ICML that parses, with its headline, teaser and body paragraphs', async () => {
    for (const s of manifest.sections.flatMap((x) => x.stories)) {
      const [row] = await db.store.db.select().from(content).where(eq(content.id, s.contentId));
      const ps = paragraphs(s.file);
      expect(ps[0]).toMatchObject({ style: 'ParagraphStyle/Headline', text: row!.name });
      expect(ps[1]).toMatchObject({ style: 'ParagraphStyle/Teaser', text: row!.teaser });
      if (s.contentId !== STORIES.second) {
        expect(ps.slice(2).map((p) => p.text)).toEqual(['Carriers are trimming sailings.', 'Shippers are watching rates.']);
      }
    }
  });

  it('keeps markup as paragraph and character styles and escapes the text', () => {
    const file = manifest.sections[0]!.stories[1]!.file;
    const ps = paragraphs(file).slice(2);
    expect(ps.map((p) => [p.style, p.text])).toEqual([
      ['ParagraphStyle/Subhead', 'Why now'],
      ['ParagraphStyle/Body', 'Rates & fees are "up" <again>.'],
      ['ParagraphStyle/ListItem', 'First point'],
    ]);
    expect(ps[1]!.runs.find((r) => r.text === 'fees')?.style).toBe('CharacterStyle/Bold');
    expect(ps[2]!.runs.find((r) => r.text === 'point')?.style).toBe('CharacterStyle/Italic');
  });

  it('ships the images at original resolution: the stored bytes, unchanged', async () => {
    const [asset] = await db.store.db.select().from(assets).where(eq(assets.id, 120));
    expect(Buffer.from(files['images/120-ship.svg']!).equals(asset!.data)).toBe(true);
    expect(manifest.sections[0]!.stories[0]!.images[0]).toMatchObject({ width: asset!.width, height: asset!.height, mimeType: asset!.mimeType });
  });
});

describe('magazine ids are tenant-checked', () => {
  it('refuses to export another tenant’s issue', async () => {
    await expect(exportIssueForPrint(db.store.db, OTHER_TENANT, IDS.issue)).rejects.toThrow(PrintExportError);
  });

  it('refuses to overwrite another tenant’s issue id or to hang an issue on its publication, and writes nothing', async () => {
    await expect(db.store.transaction(async (tx) => {
      await upsertPublication(tx, OTHER_TENANT, { id: 77, name: 'Beta Quarterly', subscribeUrl: null });
      await upsertIssue(tx, OTHER_TENANT, { id: IDS.issue, publicationId: 77, name: 'Hijacked', description: '', issueDate: ISSUE_DATE, coverImage: null, digitalEditionUrl: null });
    })).rejects.toThrow(/another tenant/);
    await expect(db.store.transaction((tx) => upsertIssue(tx, OTHER_TENANT, { id: 9, publicationId: IDS.publication, name: 'x', description: '', issueDate: ISSUE_DATE, coverImage: null, digitalEditionUrl: null })))
      .rejects.toThrow(/not a publication of tenant beta/);
    expect((await getTenantIssue(db.store.db, TENANT, IDS.issue))?.name).toBe('October 2026');
    expect(await getTenantIssue(db.store.db, OTHER_TENANT, 9)).toBeUndefined();
    expect(await getTenantIssue(db.store.db, OTHER_TENANT, IDS.issue)).toBeUndefined();
  });

  it('refuses placements in another tenant’s issue, sections of another publication, and another tenant’s content', async () => {
    await expect(db.store.transaction((tx) => setIssuePlacements(tx, OTHER_TENANT, IDS.issue, []))).rejects.toThrow(/not an issue of tenant beta/);
    await expect(db.store.transaction((tx) => setIssuePlacements(tx, TENANT, IDS.issue, [{ sectionId: 999, contentId: STORIES.cover }]))).rejects.toThrow(/unknown section 999/);
    await expect(db.store.transaction((tx) => setIssuePlacements(tx, TENANT, IDS.issue, [{ sectionId: NEWS, contentId: 10_020_001 }]))).rejects.toThrow(/unknown content 10020001/);
    const again = await exportIssueForPrint(db.store.db, TENANT, IDS.issue);
    expect(again.manifest).toEqual(manifest);
  });
});
