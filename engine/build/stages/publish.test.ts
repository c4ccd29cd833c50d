import { existsSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanup, metaJson, prepareTarget, publish, readLatest, release } from './publish';

const out = () => mkdtempSync(join(tmpdir(), 'masthead-publish-'));
const meta = (id: string) => ({ id, timestamp: 1, routeRules: {}, prerendered: ['/'] });

describe('publishing', () => {
  it('writes the build meta as JSON.stringify would, also from a kept page list JSON', () => {
    const meta = { id: '20261127T000000000Z-abcdef', timestamp: 1, routeRules: { '/old': { redirect: { to: '/new', statusCode: 301 as const } } }, prerendered: ['/', '/a "quoted" path'] };
    expect(metaJson(meta)).toBe(JSON.stringify(meta));
    expect(metaJson(meta, JSON.stringify(meta.prerendered))).toBe(JSON.stringify(meta));
    expect(JSON.parse(metaJson({ ...meta, routeRules: {} }))).toEqual({ ...meta, routeRules: {} });
  });

  it('swaps the tenant folder to the new build with latest.json naming it, and keeps the previous build', () => {
    const dir = out();
    const a = prepareTarget(dir, 'acme', '20260101T000000000Z-aaaaaa');
    writeFileSync(join(a.staging, 'index.html'), 'A');
    publish(a, meta(a.buildId));
    release(a, false);
    expect(readFileSync(join(dir, 'acme', 'index.html'), 'utf8')).toBe('A');
    expect(readLatest(dir, 'acme')?.id).toBe(a.buildId);
    const b = prepareTarget(dir, 'acme', '20260102T000000000Z-bbbbbb');
    writeFileSync(join(b.staging, 'index.html'), 'B');
    expect(readFileSync(join(dir, 'acme', 'index.html'), 'utf8')).toBe('A'); // not before publish
    publish(b, meta(b.buildId));
    cleanup(b);
    release(b, false);
    expect(readFileSync(join(dir, 'acme', 'index.html'), 'utf8')).toBe('B');
    expect(readlinkSync(join(dir, 'acme'))).toBe(join('.builds', 'acme', b.buildId));
    expect(JSON.parse(readFileSync(join(dir, 'acme', 'builds', 'meta', `${b.buildId}.json`), 'utf8')).id).toBe(b.buildId);
    expect(existsSync(join(dir, '.builds', 'acme', a.buildId))).toBe(true);
  });

  it('lets one writer per tenant build: a live lock refuses, a dead one is taken over', () => {
    const dir = out();
    const a = prepareTarget(dir, 'acme', '20260101T000000000Z-aaaaaa');
    writeFileSync(a.lockPath, String(process.ppid)); // a live process that is not us
    expect(() => prepareTarget(dir, 'acme', '20260101T000000001Z-cccccc')).toThrow(/Another build of "acme" is running/);
    writeFileSync(a.lockPath, '999999999'); // no such process
    const c = prepareTarget(dir, 'acme', '20260101T000000002Z-dddddd');
    expect(readFileSync(c.lockPath, 'utf8')).toBe(String(process.pid));
    release(c, true);
    expect(existsSync(c.staging)).toBe(false);
    expect(existsSync(c.lockPath)).toBe(false);
  });
});

describe('file writer', () => {
  it('refuses paths that could leave the build folder', async () => {
    const { FileWriter } = await import('./writer');
    const w = new FileWriter(out());
    for (const bad of ['../x', 'a/../../x', 'a/./b', 'a//b', 'a/', '', 'a\\..\\b', 'a\0b', '..']) expect(() => w.write(bad, 'x'), bad).toThrow(/outside the build folder/);
    w.write('/a/b/index.html', 'ok');
    w.write('a/b/_payload.json', '{}');
    expect(w.files).toBe(2);
  });
});
