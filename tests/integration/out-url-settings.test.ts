// A URL-shaped --out, MASTHEAD_OUT or media folder is never taken as a folder name (issue 39):
// `masthead build --out s3://bucket/prefix` used to exit 0 having written a folder named "s3:".
// s3:// is the one URL `masthead build` and `masthead serve` publish to (serve refuses incomplete
// S3 or CDN settings before it opens anything); any other URL, and s3:// given to a command
// that reads or writes a local folder, is refused naming the flag or variable (exit 2), with
// nothing written.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../../cli/config';
import { parseS3Url, s3StagingFolder } from '../../cli/config/storage';
import { CLI_RUNNERS, ensureCompiledCli } from '../helpers/cli';
import { tempDbPath } from '../helpers/fixture-set';

afterEach(() => { vi.unstubAllEnvs(); });
beforeAll(ensureCompiledCli, 180_000);

/** Names in the working folder that look like a URL scheme turned folder ("s3:", "https:"). */
const schemeFolders = () => readdirSync(process.cwd()).filter((n) => /^[a-z][a-z0-9+.-]*:$/i.test(n));

describe.each(CLI_RUNNERS)('URL-shaped output and media settings ($name CLI)', (cli) => {
  it.each([
    [['build', '--out', 'https://cdn.example/sites'], {}, /^error: --out: must be a folder or an s3:\/\/bucket\/prefix URL/],
    [['build', '--out', 's3:bucket/prefix'], {}, /^error: --out: must be a folder or an s3:\/\/bucket\/prefix URL/],
    [['build', '--out', 's3://Bad_Bucket/prefix'], {}, /^error: --out: must be a folder or an s3:\/\//],
    [['build', '--out', 's3://bucket/../elsewhere'], {}, /^error: --out: must be a folder or an s3:\/\//],
    [['build'], { MASTHEAD_OUT: 'gs://bucket/sites' }, /^error: MASTHEAD_OUT: must be a folder or an s3:\/\/bucket\/prefix URL.*\(got "gs:\/\/bucket\/sites"\)/],
    [['build'], { MASTHEAD_ASSETS_DIR: 's3://media-bucket/originals' }, /^error: MASTHEAD_ASSETS_DIR: must be a local folder \(a URL is not supported here\)/],
    [['serve', '--out', 'https://cdn.example/sites'], {}, /^error: --out: must be a folder or an s3:\/\/bucket\/prefix URL/],
    [['serve'], { MASTHEAD_OUT: 'gs://bucket/sites' }, /^error: MASTHEAD_OUT: must be a folder or an s3:\/\/bucket\/prefix URL/],
    [['serve', '--out', 's3://sites-bucket/prod'], { AWS_ACCESS_KEY_ID: 'only-the-id' }, /^error: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither/],
    [['serve', '--out', 's3://sites-bucket/prod'], { MASTHEAD_CDN_PURGE: 'cloudflare' }, /^error: MASTHEAD_CDN_PURGE=cloudflare: set MASTHEAD_CLOUDFLARE_ZONE_ID and MASTHEAD_CLOUDFLARE_API_TOKEN/],
    [['precompress', '--out', 's3://sites-bucket/prod'], {}, /^error: --out: must be a local folder .*masthead precompress reads .*only masthead build and masthead serve publish to s3:\/\//],
    [['demo', '--no-serve', '--out', 's3://sites-bucket/prod'], {}, /^error: --out: must be a local folder .*masthead demo/],
  ])('%j with %j is refused naming the flag or variable, exit 2, nothing written', async (args, env, message) => {
    const db = tempDbPath();
    const before = schemeFolders();
    const r = await cli.run(['--db', db, ...args], env as Record<string, string>);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.code).toBe(2);
    expect(schemeFolders()).toEqual(before);
    expect(existsSync(db)).toBe(false);
  });
});

describe('the output setting', () => {
  it('reads s3://bucket/prefix as a bucket and a prefix, and a Windows drive or relative path as a folder', () => {
    expect(parseS3Url('s3://mh-sites/prod/sites/')).toEqual({ bucket: 'mh-sites', prefix: 'prod/sites' });
    expect(parseS3Url('s3://mh-sites')).toEqual({ bucket: 'mh-sites', prefix: '' });
    expect(parseS3Url('s3://mh-sites//x')).toBeNull();
    expect(parseS3Url('s3://ab/x')).toBeNull();
    const config = resolveConfig({}, {});
    expect(config.with({ outDir: 'C:\\sites' }).settings.outDir).toBe('C:\\sites');
    expect(config.with({ outDir: './out' }).settings.outDir).toBe('./out');
    const s3 = config.with({ outDir: 's3://mh-sites/prod' }).settings;
    expect(s3.outDir).toBe('s3://mh-sites/prod');
    // The build renders into a staging folder of its own per bucket and prefix.
    const staging = mkdtempSync(join(tmpdir(), 'masthead-staging-'));
    expect(s3StagingFolder({ ...s3, s3Staging: staging }, parseS3Url(s3.outDir)!)).toBe(join(staging, 'mh-sites', 'prod'));
    expect(() => config.with({ outDir: 'file:///srv/out' })).toThrow(/^--out: must be a folder or an s3:\/\/bucket\/prefix URL/);
    expect(() => resolveConfig({}, { AWS_ENDPOINT_URL_S3: 'minio.local:9000' })).toThrow(/^AWS_ENDPOINT_URL_S3: must be an http\(s\):\/\/ endpoint/);
  });
});
