// The media library's storage from the settings: the assets folder (MASTHEAD_ASSETS_DIR, the
// default), or a bucket (MASTHEAD_MEDIA_URL=s3://bucket/prefix, with the AWS_* connection settings
// the pages' publishing uses) whose public area the CDN serves at MASTHEAD_MEDIA_PUBLIC_URL. A
// bucket without a public URL is refused before anything starts: pages would have no address for
// their images. The S3 SDK is loaded only when a bucket is set.
import { resolve } from 'node:path';
import type { MediaStore } from '../../engine/assets/media-store';
import { SettingsError } from './errors';
import type { Settings } from './settings';
import { parseS3Url, s3Connection } from './storage';

/** The bucket's location and public URL, checked; null in folder mode. */
export function mediaBucketSettings(s: Settings): { bucket: string; prefix: string; publicUrl: string } | null {
  if (!s.mediaUrl) {
    if (s.mediaPublicUrl) throw new SettingsError('MASTHEAD_MEDIA_PUBLIC_URL: set it only with MASTHEAD_MEDIA_URL (the media library in a folder is published with each build)');
    return null;
  }
  if (!s.mediaPublicUrl) {
    throw new SettingsError('MASTHEAD_MEDIA_URL: set MASTHEAD_MEDIA_PUBLIC_URL too, the CDN URL that serves the bucket\'s <prefix>/public/ area (pages show images from there)');
  }
  s3Connection(s); // the keys: both or neither
  const media = parseS3Url(s.mediaUrl)!;
  // `assets gc` deletes what no asset names under the media prefix: the pages' objects must not be there.
  const out = parseS3Url(s.outDir);
  const within = (a: string, b: string) => a === '' || b === a || b.startsWith(`${a}/`);
  if (out && out.bucket === media.bucket && (within(out.prefix, media.prefix) || within(media.prefix, out.prefix))) {
    throw new SettingsError(`MASTHEAD_MEDIA_URL: s3://${media.bucket}/${media.prefix} overlaps the sites' output ${s.outDir}; give the media library a prefix of its own (e.g. s3://${media.bucket}/media)`);
  }
  return { ...media, publicUrl: s.mediaPublicUrl.replace(/\/+$/, '') };
}

/** The bucket's media store, or null in folder mode. */
export async function mediaBucketStore(s: Settings): Promise<MediaStore | null> {
  const m = mediaBucketSettings(s);
  if (!m) return null;
  const [{ createS3Client }, { bucketMediaStore }] = await Promise.all([import('../../engine/publish/s3'), import('../../engine/assets/media-store')]);
  return bucketMediaStore(createS3Client(s3Connection(s)), m, m.publicUrl);
}

/** The media library for the build and the API: the bucket's store, or the resolved assets folder. */
export async function mediaSource(s: Settings): Promise<MediaStore | string> {
  return (await mediaBucketStore(s)) ?? resolve(s.assetsDir);
}
