// The print package of an issue (admin §2.2 print-exports): one ICML (InCopy Markup Language, the XML
// InDesign places as a linked story) file per story, each story's images at original resolution,
// and manifest.json tying stories and images to the issue's sections — zipped with fflate.
import { Parser } from 'htmlparser2';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../store/connection';
import { issueContents, sectionRangeStories, type IssueContents, type IssueStory } from '../store/queries/magazine';

export class PrintExportError extends Error {}

/** Paragraph styles the ICML files use; the InDesign import script maps them to the template's styles. */
export const PARAGRAPH_STYLES = ['Headline', 'Teaser', 'Body', 'Subhead', 'Quote', 'ListItem', 'Caption'] as const;
type ParagraphStyle = (typeof PARAGRAPH_STYLES)[number];
type Run = { text: string; bold: boolean; italic: boolean };
type Paragraph = { style: ParagraphStyle; runs: Run[] };

const xml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
  // drop the control characters XML 1.0 forbids (tab, newline and carriage return stay)
  .split('').filter((c) => c >= ' ' || c === '\t' || c === '\n' || c === '\r').join('');

const BLOCK_STYLE: Record<string, ParagraphStyle> = { p: 'Body', div: 'Body', h1: 'Subhead', h2: 'Subhead', h3: 'Subhead', h4: 'Subhead', h5: 'Subhead', h6: 'Subhead', blockquote: 'Quote', li: 'ListItem', figcaption: 'Caption' };

/** The body HTML (already sanitised) as paragraphs of styled runs; unknown markup keeps only its text. */
export function bodyParagraphs(html: string): Paragraph[] {
  const out: Paragraph[] = [];
  let current: Paragraph | null = null;
  const styles: ParagraphStyle[] = [];
  let bold = 0; let italic = 0;
  const flush = () => {
    if (current && current.runs.some((r) => r.text.trim())) {
      current.runs[0]!.text = current.runs[0]!.text.trimStart();
      current.runs.at(-1)!.text = current.runs.at(-1)!.text.trimEnd();
      out.push(current);
    }
    current = null;
  };
  const parser = new Parser({
    onopentag(name) {
      if (name in BLOCK_STYLE) { flush(); styles.push(BLOCK_STYLE[name]!); }
      else if (name === 'br') flush();
      else if (name === 'b' || name === 'strong') bold++;
      else if (name === 'i' || name === 'em') italic++;
    },
    ontext(text) {
      const t = text.replace(/\s+/g, ' ');
      if (!t.trim() && !current) return;
      current ??= { style: styles.at(-1) ?? 'Body', runs: [] };
      current.runs.push({ text: t, bold: bold > 0, italic: italic > 0 });
    },
    onclosetag(name) {
      if (name in BLOCK_STYLE) { flush(); styles.pop(); }
      else if (name === 'b' || name === 'strong') bold = Math.max(0, bold - 1);
      else if (name === 'i' || name === 'em') italic = Math.max(0, italic - 1);
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  flush();
  return out;
}

const charStyle = (r: Run) => r.bold && r.italic ? 'CharacterStyle/BoldItalic' : r.bold ? 'CharacterStyle/Bold' : r.italic ? 'CharacterStyle/Italic' : 'CharacterStyle/$ID/[No character style]';

/** One story as an ICML document. */
export function storyIcml(story: IssueStory): string {
  const paragraphs: Paragraph[] = [
    { style: 'Headline', runs: [{ text: story.name, bold: false, italic: false }] },
    ...(story.teaser.trim() ? [{ style: 'Teaser' as const, runs: [{ text: story.teaser.trim(), bold: false, italic: false }] }] : []),
    ...bodyParagraphs(story.body),
  ];
  const body = paragraphs.map((p, i) => {
    const last = i === paragraphs.length - 1;
    const runs = p.runs.map((r, j) => `<CharacterStyleRange AppliedCharacterStyle="${xml(charStyle(r))}"><Content>${xml(r.text)}</Content>${last || j < p.runs.length - 1 ? '' : '<Br/>'}</CharacterStyleRange>`).join('');
    return `  <ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/${p.style}">${runs}</ParagraphStyleRange>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<?aid style="50" type="snippet" readerVersion="6.0" featureSet="513" product="8.0(370)" ?>
<?aid SnippetType="InCopyInterchange"?>
<Document DOMVersion="8.0" Self="masthead_${story.id}">
 <RootCharacterStyleGroup Self="masthead_rcsg">
  <CharacterStyle Self="CharacterStyle/$ID/[No character style]" Name="$ID/[No character style]"/>
  <CharacterStyle Self="CharacterStyle/Bold" Name="Bold" FontStyle="Bold"/>
  <CharacterStyle Self="CharacterStyle/Italic" Name="Italic" FontStyle="Italic"/>
  <CharacterStyle Self="CharacterStyle/BoldItalic" Name="BoldItalic" FontStyle="Bold Italic"/>
 </RootCharacterStyleGroup>
 <RootParagraphStyleGroup Self="masthead_rpsg">
${PARAGRAPH_STYLES.map((s) => `  <ParagraphStyle Self="ParagraphStyle/${s}" Name="${s}"/>`).join('\n')}
 </RootParagraphStyleGroup>
 <Story Self="masthead_story_${story.id}" AppliedTOCStyle="n" TrackChanges="false" StoryTitle="${xml(story.name)}" AppliedNamedGrid="n">
  <StoryPreference OpticalMarginAlignment="false" OpticalMarginSize="12" FrameType="TextFrameType" StoryOrientation="Horizontal" StoryDirection="LeftToRightDirection"/>
${body}
 </Story>
</Document>
`;
}

const baseName = (path: string) => path.split('/').pop()!.replace(/[^A-Za-z0-9._-]/g, '_');
const storyFile = (s: IssueStory) => `stories/${s.id}-${s.slug.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'story'}.icml`;

export interface PrintManifest {
  format: 'icml';
  publication: { id: number; name: string };
  issue: { id: number; name: string; issueDate: string };
  sections: { id: number; name: string; stories: { contentId: number; type: string; name: string; file: string; images: { assetId: number; file: string; mimeType: string; width: number; height: number; alt: string; caption: string | null; credit: string | null }[] }[] }[];
}

/** What a print package is made of: an issue's contents, or a section and date range's stories under a site and range name. */
export interface PrintContents {
  publication: { id: number; name: string };
  issue: { id: number; name: string; issueDate: number };
  sections: IssueContents['sections'];
}

/** The package's files (name → bytes) from an issue's contents. */
export function printPackageFiles(contents: PrintContents): { files: Zippable; manifest: PrintManifest } {
  const files: Zippable = {};
  const manifest: PrintManifest = {
    format: 'icml',
    publication: { id: contents.publication.id, name: contents.publication.name },
    issue: { id: contents.issue.id, name: contents.issue.name, issueDate: new Date(contents.issue.issueDate).toISOString().slice(0, 10) },
    sections: contents.sections.map((section) => ({
      id: section.id, name: section.name,
      stories: section.stories.map((story) => {
        const file = storyFile(story);
        files[file] = strToU8(storyIcml(story));
        return {
          contentId: story.id, type: story.type, name: story.name, file,
          images: story.images.map((img) => {
            const imageFile = `images/${img.id}-${baseName(img.path)}`;
            // stored images are already compressed (or small SVG text): level 0 keeps the bytes as they are
            files[imageFile] = [new Uint8Array(img.data), { level: 0 }];
            return { assetId: img.id, file: imageFile, mimeType: img.mimeType, width: img.width, height: img.height, alt: img.alt, caption: img.caption, credit: img.credit };
          }),
        };
      }),
    })),
  };
  files['manifest.json'] = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  return { files, manifest };
}

const zipOf = (contents: PrintContents): { zip: Uint8Array; manifest: PrintManifest } => {
  const { files, manifest } = printPackageFiles(contents);
  return { zip: zipSync(files, { level: 6, mtime: new Date(contents.issue.issueDate) }), manifest };
};

/** The zip of an issue's print package; throws PrintExportError when the issue is not the tenant's. */
export async function exportIssueForPrint(db: Db, tenantKey: string, issueId: number): Promise<{ zip: Uint8Array; manifest: PrintManifest }> {
  const contents = await issueContents(db, tenantKey, issueId);
  if (!contents) throw new PrintExportError(`issueId: unknown issue ${issueId}`);
  return zipOf(contents);
}

/**
 * The print package of a website section (and the sections below it; every section for null) over a
 * range of publication dates [from, to): the same files and manifest as an issue's, the site standing
 * for the publication (id 0) and the range for the issue (id 0, dated at its end).
 */
export async function exportSectionsForPrint(db: Db, tenantKey: string, f: { siteName: string; sectionId: number | null; sectionName: string | null; from: number; to: number; label: string }): Promise<{ zip: Uint8Array; manifest: PrintManifest }> {
  const sections = await sectionRangeStories(db, tenantKey, f);
  return zipOf({ publication: { id: 0, name: f.siteName }, issue: { id: 0, name: `${f.sectionName ?? 'All sections'}, ${f.label}`, issueDate: f.to - 1 }, sections });
}
