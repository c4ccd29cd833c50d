// The grid editor's fields for the settings every block shares (public §3 "Grid": title, link,
// colorScheme, cta, keepInView, trackingId, titleIcon, method) and the data of the media and
// content blocks of issue 17 (image gallery, carousel, video player and playlist, document download,
// webinar link, RSS feed, company videos, US map). Image and document ids come from the media
// library picker (components/asset-id-field.tsx).
import type { FieldErrors } from '../../lib/validation';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '../../components/fields';
import { LibraryImageField } from '../../components/asset-id-field';
import { CAROUSEL_LIMIT, EVENT_LIST_LIMIT, RSS_FEED_LIMIT } from '../../../engine/domain/layout';
import { INQUIRY_TEXTS } from '../../../engine/domain/inquiry';
import { CONTENT_TYPE_OPTIONS } from '../../lib/content-labels';

type Values = Record<string, unknown>;
type Set = (k: string, v: unknown) => void;

export function SharedSettingsFields({ s, setS, errors }: { s: Values; setS: Set; errors: FieldErrors }) {
  const cta = (s.cta as Values | undefined) ?? {};
  const setCta = (k: string, v: string) => {
    const next = { ...cta, [k]: v === '' ? undefined : v };
    setS('cta', Object.values(next).some((x) => x !== undefined) ? next : undefined);
  };
  return (
    <>
      <div className="grid-2">
        <TextField label="Title" value={String(s.title ?? '')} onChange={(v) => setS('title', v)} error={errors['settings.title']} />
        <TextField label="Title link" value={String(s.link ?? '')} onChange={(v) => setS('link', v)} placeholder="/news" error={errors['settings.link']} />
        <TextField label="Title icon" value={String(s.titleIcon ?? '')} onChange={(v) => setS('titleIcon', v)} placeholder="/images/icon.svg" hint="An image shown before the title." error={errors['settings.titleIcon']} />
        <SelectField label="Colour scheme" value={String(s.colorScheme ?? '')} placeholder="Default" options={['primary', 'secondary', 'dark'].map((c) => ({ value: c, label: c[0]?.toUpperCase() + c.slice(1) }))} onChange={(v) => setS('colorScheme', v ?? '')} />
        <TextField label="Tracking id" value={String(s.trackingId ?? '')} onChange={(v) => setS('trackingId', v)} error={errors['settings.trackingId']} />
        <TextField label="Method" value={String(s.method ?? '')} onChange={(v) => setS('method', v)} hint="The data method this block is known by to integrations." error={errors['settings.method']} />
      </div>
      <CheckboxField label="Keep in view while the column scrolls" checked={s.keepInView === true} onChange={(v) => setS('keepInView', v || undefined)} />
      <fieldset className="fieldset">
        <legend>Call to action</legend>
        <div className="grid-2">
          <TextField label="Call to action text" value={String(cta.text ?? '')} onChange={(v) => setCta('text', v)} error={errors['settings.cta.text']} />
          <TextField label="Button label" value={String(cta.buttonLabel ?? '')} onChange={(v) => setCta('buttonLabel', v)} error={errors['settings.cta.buttonLabel']} />
          <TextField label="Button link" value={String(cta.buttonLink ?? '')} onChange={(v) => setCta('buttonLink', v)} placeholder="/subscribe" error={errors['settings.cta.buttonLink']} />
        </div>
      </fieldset>
    </>
  );
}

/** "id, id" → positive integers; null when a part is not one. */
export function parseIds(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((p) => /^\d+$/.test(p) && Number(p) > 0) ? parts.map(Number) : null;
}

/** A YouTube id from an id, a watch URL, a youtu.be link or an embed URL. */
export function youtubeIdOf(text: string): string {
  const t = text.trim();
  const m = /(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/)([\w-]{11})/.exec(t);
  return m ? m[1]! : t;
}

/** A playlist id from an id or a playlist link (…?list=…). */
export function youtubePlaylistIdOf(text: string): string {
  const t = text.trim();
  const m = /[?&]list=([\w-]+)/.exec(t);
  return m ? m[1]! : t;
}

/** One video a line: the id (or its URL), a space, then the title. */
export function parseVideos(text: string): { youtubeId: string; title: string }[] {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const at = l.search(/\s/);
    return at < 0 ? { youtubeId: youtubeIdOf(l), title: '' } : { youtubeId: youtubeIdOf(l.slice(0, at)), title: l.slice(at).trim() };
  });
}

export const videosText = (videos: { youtubeId: string; title: string }[]) => videos.map((v) => `${v.youtubeId} ${v.title}`).join('\n');

/** The first error under data.videos, named by its line. */
export function videoError(errors: FieldErrors): string | undefined {
  const key = Object.keys(errors).find((k) => k.startsWith('data.videos'));
  if (!key) return undefined;
  const line = /^data\.videos\.(\d+)/.exec(key);
  return line ? `Line ${Number(line[1]) + 1}: ${errors[key]}` : errors[key];
}

const IDS_HINT = 'Media library image ids separated by commas; each image picked from the library is added.';

export function BlockDataFields({ type, d, setD, texts, setText, errors, sectionChoices = [] }: {
  type: string; d: Values; setD: Set; texts: Record<string, string>; setText: (k: string, v: string) => void; errors: FieldErrors;
  /** The content list's section choices (the carousel of content items uses them too). */
  sectionChoices?: { value: string; label: string }[];
}) {
  switch (type) {
    case 'image_gallery':
      return (
        <>
          <LibraryImageField label="Images" multiple value={texts.assetIds ?? ''} onChange={(v) => setText('assetIds', v)} error={errors['data.assetIds']} hint={`${IDS_HINT} Shown after the primary image.`} />
          <CheckboxField label="Start with the page’s primary image (the gallery is left out of content pages without one)" checked={d.includePrimaryImage !== false} onChange={(v) => setD('includePrimaryImage', v)} />
        </>
      );
    case 'video_player':
      return (
        <TextAreaField label="Videos" rows={5} className="mono" value={texts.videos ?? ''} onChange={(v) => setText('videos', v)} error={videoError(errors)}
          hint="One a line: the YouTube id or link, a space, then the title." />
      );
    case 'document_download':
      return (
        <div className="grid-2">
          <LibraryImageField label="Document" required mimeType="application/pdf" value={texts.assetId ?? ''} onChange={(v) => setText('assetId', v)} error={errors['data.assetId']} hint="The id of a PDF from the media library." />
          <TextField label="Download link label" value={String(d.label ?? '')} onChange={(v) => setD('label', v === '' ? undefined : v)} placeholder="Download the document" error={errors['data.label']} />
          <CheckboxField label="Gated: members only, never published" checked={d.gated === true} onChange={(v) => setD('gated', v ? true : undefined)} />
          {d.gated === true && (
            <TextField label="Membership ids" value={texts.membershipIds ?? ''} onChange={(v) => setText('membershipIds', v)} error={errors['data.membershipIds']}
              hint="Readers holding any of these memberships may download it (ids separated by commas); empty: every registered member. The API serves the file after the gating check." />
          )}
        </div>
      );
    case 'event_list':
      return (
        <>
          <div className="grid-2">
            <SelectField label="Which" required value={String(d.when ?? 'upcoming')} options={[{ value: 'upcoming', label: 'Upcoming, soonest first' }, { value: 'past', label: 'Past, latest first' }]} onChange={(v) => v && setD('when', v)} />
            <SelectField label="Display" required value={String(d.display ?? 'list')} options={['list', 'cards', 'compact'].map((x) => ({ value: x, label: x[0]?.toUpperCase() + x.slice(1) }))} onChange={(v) => v && setD('display', v)} />
            <TextField label="Number of items" type="number" min={1} max={EVENT_LIST_LIMIT} value={String(d.limit ?? 10)} onChange={(v) => setD('limit', v === '' ? undefined : Number(v))} error={errors['data.limit']} hint={`1 to ${EVENT_LIST_LIMIT}.`} />
          </div>
          <CheckboxGroup legend="Show" columns={2} options={[{ value: 'Event', label: 'Events' }, { value: 'Webinar', label: 'Webinars' }]} value={(d.contentTypes as string[]) ?? []} onChange={(v) => setD('contentTypes', v)} />
          {errors['data.contentTypes'] ? <p className="field-error" role="alert">{errors['data.contentTypes']}</p> : null}
        </>
      );
    case 'rss_feed':
      return (
        <>
          <div className="grid-2">
            <TextField label="Feed address" required type="url" value={String(d.url ?? '')} onChange={(v) => setD('url', v)} placeholder="https://example.com/feed.xml" error={errors['data.url']}
              hint="An RSS or Atom feed, read when the site is built; the last good copy is kept when it cannot be read." />
            <TextField label="Number of items" type="number" min={1} max={RSS_FEED_LIMIT} value={String(d.limit ?? 5)} onChange={(v) => setD('limit', v === '' ? undefined : Number(v))} error={errors['data.limit']} hint={`1 to ${RSS_FEED_LIMIT}.`} />
          </div>
          <CheckboxField label="Show each item’s summary" checked={d.showSummary === true} onChange={(v) => setD('showSummary', v)} />
        </>
      );
    case 'carousel':
      return (
        <>
          <div className="grid-2">
            <SelectField label="Slides" required value={String(d.source ?? 'images')} options={[{ value: 'images', label: 'Images from the library' }, { value: 'content', label: 'Content items of a section' }]} onChange={(v) => v && setD('source', v)} />
            <TextField label="Number of slides" type="number" min={1} max={CAROUSEL_LIMIT} value={String(d.limit ?? 6)} onChange={(v) => setD('limit', v === '' ? undefined : Number(v))} error={errors['data.limit']} hint={`1 to ${CAROUSEL_LIMIT}.`} />
          </div>
          {d.source === 'content' ? (
            <>
              <SelectField label="Section" required value={String(d.section ?? 'current')} options={sectionChoices} onChange={(v) => v && setD('section', /^\d+$/.test(v) ? Number(v) : v)} />
              <CheckboxGroup legend="Content types (none means all)" columns={3} options={CONTENT_TYPE_OPTIONS} value={(d.contentTypes as string[]) ?? []} onChange={(v) => setD('contentTypes', v)} />
            </>
          ) : (
            <LibraryImageField label="Images" multiple value={texts.assetIds ?? ''} onChange={(v) => setText('assetIds', v)} error={errors['data.assetIds']} hint={IDS_HINT} />
          )}
        </>
      );
    case 'video_playlist':
      return (
        <>
          <TextField label="YouTube playlist id" value={texts.playlistId ?? ''} onChange={(v) => setText('playlistId', v)} placeholder="PL…" error={errors['data.playlistId']}
            hint="Read when the site is built, with the site’s YouTube API key; without a key only the videos below show." />
          <TextAreaField label="Videos" rows={4} className="mono" value={texts.videos ?? ''} onChange={(v) => setText('videos', v)} error={videoError(errors)}
            hint="Stored videos, shown after the playlist’s: one a line, the YouTube id or link, a space, then the title." />
        </>
      );
    case 'company_videos':
      return (
        <div className="grid-2">
          <TextField label="Number of videos" type="number" min={1} max={20} value={String(d.limit ?? 6)} onChange={(v) => setD('limit', v === '' ? undefined : Number(v))} error={errors['data.limit']} hint="1 to 20; the company page’s linked videos." />
          <SelectField label="Display" required value={String(d.display ?? 'cards')} options={['list', 'cards', 'compact'].map((x) => ({ value: x, label: x[0]?.toUpperCase() + x.slice(1) }))} onChange={(v) => v && setD('display', v)} />
        </div>
      );
    case 'us_map':
      return (
        <TextField label="State link" required value={String(d.linkTemplate ?? '')} onChange={(v) => setD('linkTemplate', v)} placeholder="/directory/{state}" error={errors['data.linkTemplate']}
          hint="Where each state links: {state} is its two-letter code in lower case, {name} its name." />
      );
    case 'webinar_link':
      return <TextField label="Webinar link label" value={String(d.label ?? '')} onChange={(v) => setD('label', v === '' ? undefined : v)} placeholder="Register for the webinar" hint="Links to the webinar page’s link URL; left out without one." error={errors['data.label']} />;
    case 'inquiry_form':
      return <TextField label="Send button label" value={String(d.buttonLabel ?? '')} onChange={(v) => setD('buttonLabel', v === '' ? undefined : v)} placeholder={INQUIRY_TEXTS.submit} hint="Shown only when the site runs RMI (Site settings: RMI enabled, with a contact e-mail)." error={errors['data.buttonLabel']} />;
    default:
      return null;
  }
}

/** The text fields' starting values for a block's data. */
export function dataTexts(block: { type: string; data: unknown }): Record<string, string> {
  const d = block.data as Values;
  if (block.type === 'image_gallery' || block.type === 'carousel') return { assetIds: ((d.assetIds as number[]) ?? []).join(', ') };
  if (block.type === 'video_playlist') return { playlistId: String(d.playlistId ?? ''), videos: videosText((d.videos as { youtubeId: string; title: string }[]) ?? []) };
  if (block.type === 'video_player') return { videos: videosText((d.videos as { youtubeId: string; title: string }[]) ?? []) };
  if (block.type === 'document_download') return { assetId: d.assetId === undefined ? '' : String(d.assetId), membershipIds: ((d.membershipIds as number[]) ?? []).join(', ') };
  return {};
}

/** Folds the text fields back into the data; an error (by field key) when one does not parse. */
export function applyTexts(type: string, data: Values, texts: Record<string, string>): FieldErrors | null {
  if (type === 'image_gallery' || type === 'carousel') {
    const ids = parseIds(texts.assetIds ?? '');
    if (!ids) return { 'data.assetIds': 'Use image ids separated by commas, like 12, 14' };
    data.assetIds = ids;
  } else if (type === 'video_player') {
    data.videos = parseVideos(texts.videos ?? '');
  } else if (type === 'video_playlist') {
    data.videos = parseVideos(texts.videos ?? '');
    data.playlistId = youtubePlaylistIdOf(texts.playlistId ?? '') || undefined;
  } else if (type === 'document_download') {
    const t = (texts.assetId ?? '').trim();
    if (!/^\d+$/.test(t) || Number(t) <= 0) return { 'data.assetId': 'Enter the id of a PDF from the media library' };
    data.assetId = Number(t);
    const memberships = data.gated === true ? parseIds(texts.membershipIds ?? '') : [];
    if (!memberships) return { 'data.membershipIds': 'Use membership ids separated by commas, like 140, 141' };
    data.membershipIds = memberships.length ? memberships : undefined;
  }
  return null;
}
