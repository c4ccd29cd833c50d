// How the admin names content types and states, everywhere: "Press release" for PressRelease, and
// "Scheduled" for a published item whose publication date is still ahead (the site answers 404 for
// it until then).
import { CONTENT_TYPES, contentTypeLabel, maybeContentTypeLabel } from '../../engine/domain/enums';

/** A content type as people write it: "PressRelease" → "Press release", "MediaGallery" → "Media gallery". */
export const typeLabel = contentTypeLabel;

/** The content types as select or checkbox options: the stored value with its human name. */
export const CONTENT_TYPE_OPTIONS: readonly { value: string; label: string }[] = CONTENT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));

/** A value of a content type column, named when it is a content type (other text is left alone). */
export const maybeTypeLabel = maybeContentTypeLabel;

export type ContentState = 'published' | 'scheduled' | 'draft' | 'deleted';

/** The state people expect: published with a date ahead of `now` is scheduled. */
export function contentState(status: number, published: string | number | null | undefined, now = Date.now()): ContentState {
  if (status === 0) return 'deleted';
  if (status === 2) return 'draft';
  const at = published === null || published === undefined || published === '' ? NaN : new Date(published).getTime();
  return !Number.isNaN(at) && at > now ? 'scheduled' : 'published';
}
