// The media library's storage as the API's operations and routes use it: the bucket of
// MASTHEAD_MEDIA_URL when cli/ configured one, else the assets folder (engine/assets/media-store.ts),
// and a bucket failure as the catalogue's MEDIA_STORAGE_FAILED (a clear 503, nothing half written).
import { localMediaStore, MediaStoreError, type MediaStore } from '../../assets/media-store';
import { AppError } from '../../domain/errors';

/** Where the library's files are: the bucket of MASTHEAD_MEDIA_URL, else the assets folder. */
export function mediaStore(assets: { dir: string; store?: MediaStore | null | undefined }): MediaStore {
  return assets.store ?? localMediaStore(assets.dir);
}

/** A failure of the bucket as MEDIA_STORAGE_FAILED (the boundary logs it with its cause); anything else as it is. */
export function asStorageError(e: unknown): never {
  if (e instanceof MediaStoreError) throw new AppError('MEDIA_STORAGE_FAILED', { reason: `${e.action}: ${e.reason}` }, { cause: e });
  throw e;
}
