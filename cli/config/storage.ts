// Where a build goes: a local folder or an S3-compatible bucket (s3://bucket/prefix). A value that
// looks like a URL is never taken as a folder name: `--out s3://b/p` used to write a folder named
// `s3:`. `masthead build` and `masthead serve` publish to a bucket; commands that read or write a local folder
// refuse a URL with the flag or variable named (SettingsError: usage error, exit 2).
import { resolve } from 'node:path';
import type { S3Connection } from '../../engine/publish/s3';
import { SettingsError } from './errors';

/** A URL scheme at the start ("s3:", "https:", "file:"), but not a Windows drive letter ("C:\"). */
export function isUrlShaped(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value.trim()) && !/^[a-z]:[\\/]/i.test(value.trim());
}

export interface S3Location { bucket: string; prefix: string }

/**
 * `s3://bucket` or `s3://bucket/some/prefix` (a trailing slash allowed): the bucket as S3 names it
 * (3-63 lowercase letters, digits, dots and hyphens), the prefix without leading or trailing slash
 * and with no empty, `.` or `..` segment. Null for anything else.
 */
export function parseS3Url(value: string): S3Location | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value.trim());
  if (!m) return null;
  const prefix = (m[2] ?? '').replace(/\/$/, '');
  if (prefix && prefix.split('/').some((s) => s === '' || s === '.' || s === '..' || /[\s\\]/.test(s))) return null;
  return { bucket: m[1]!, prefix };
}

export const OUT_MESSAGE = 'must be a folder or an s3://bucket/prefix URL (S3-compatible storage); other URLs are not supported';
export const FOLDER_MESSAGE = 'must be a local folder (a URL is not supported here)';

/**
 * The value of a flag that names a local folder (`masthead demo --out`, `masthead watch --out`,
 * `serve`/`precompress` reading the output): a URL is refused naming `name`, with what to do instead.
 */
export function requireLocalFolder(value: string, name: string, command: string): string {
  if (!isUrlShaped(value)) return value;
  const hint = parseS3Url(value) ? `; ${command} reads and writes a local folder, and only masthead build and masthead serve publish to s3:// (they build in a local staging folder, then upload)` : '';
  throw new SettingsError(`${name}: ${FOLDER_MESSAGE} (got ${JSON.stringify(value)})${hint}`);
}

/** The settings (settings.ts) this module reads; named here so the schema can import the URL checks above. */
interface S3Settings {
  readonly awsRegion: string; readonly awsEndpointUrlS3?: string; readonly s3ForcePathStyle: boolean; readonly s3Staging: string;
  readonly awsAccessKeyId?: string; readonly awsSecretAccessKey?: string; readonly awsSessionToken?: string;
}

/** The S3 connection settings (AWS_REGION, AWS_ENDPOINT_URL_S3, MASTHEAD_S3_FORCE_PATH_STYLE, keys) for engine/publish. */
export function s3Connection(s: S3Settings): S3Connection {
  if (Boolean(s.awsAccessKeyId) !== Boolean(s.awsSecretAccessKey)) {
    throw new SettingsError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither (neither: the AWS SDK\'s default chain — profile, instance or task role)');
  }
  return {
    region: s.awsRegion,
    endpoint: s.awsEndpointUrlS3,
    forcePathStyle: s.s3ForcePathStyle,
    credentials: s.awsAccessKeyId && s.awsSecretAccessKey
      ? { accessKeyId: s.awsAccessKeyId, secretAccessKey: s.awsSecretAccessKey, ...(s.awsSessionToken ? { sessionToken: s.awsSessionToken } : {}) }
      : undefined,
  };
}

/** The local folder a build for s3://bucket/prefix renders into: <MASTHEAD_S3_STAGING>/<bucket>/<prefix>. */
export function s3StagingFolder(s: S3Settings, loc: S3Location): string {
  return resolve(s.s3Staging, loc.bucket, ...(loc.prefix ? loc.prefix.split('/') : []));
}
