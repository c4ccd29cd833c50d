// Input hardening of mutations (issue 15), over HTTP as a client sees it: redirects refuse what the
// build would drop, every string of every mutation refuses NUL and unpaired surrogates with a field
// error, and JSON nested too deep is a 400 naming its field. Refusals write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeFromPath, safeTarget } from '../../engine/build/stages/emit-redirects';
import { MAX_INPUT_DEPTH } from '../../engine/domain/input-text';
import { MAX_BODY_DEPTH } from '../../api/http/json-body';
import { snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const admin = { as: 'alphaAdmin' as const };
const editor = { as: 'alphaEditor' as const };
const ITEM = 10_010_001;
const nested = (levels: number): Record<string, unknown> => {
  let v: Record<string, unknown> = { leaf: 'x' };
  for (let i = 1; i < levels; i++) v = { a: v };
  return v;
};

describe('redirects', () => {
  const BAD_FROM = ['/a b', '/a\tb', '/a\nb', '/a\u0000b', '/a\u0007b', '/a\u007fb', '/a\u0085b', '/a\u00a0b', '/a\ud800b', '/a\udc00', '//evil.example/x', '/\\evil.example', '/a?x=1', '/a#top'];
  const BAD_TO = ['/x y', '/x\u0000', '/x\u001b[31m', '/x\ud83d', 'https://ex ample.com/', 'https://example.com/a\u2028b', 'mailto:a@example.com', '//evil.example/', '/\\evil.example', 'https://', 'javascript:alert(1)'];

  it('refuses control characters, NUL, unpaired surrogates and whitespace in from, naming the field and writing nothing', async () => {
    const before = await snapshotCounts(h);
    for (const from of BAD_FROM) {
      const r = await h.op('createRedirect', { input: { from, to: '/target' } }, admin);
      expect(r.status, JSON.stringify(from)).toBe(400);
      expect(r.error!.extensions, JSON.stringify(from)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'from' });
    }
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('refuses the same in to, and targets the build cannot send', async () => {
    const before = await snapshotCounts(h);
    for (const to of BAD_TO) {
      const r = await h.op('createRedirect', { input: { from: '/somewhere', to } }, admin);
      expect(r.status, JSON.stringify(to)).toBe(400);
      expect(r.error!.extensions, JSON.stringify(to)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to' });
    }
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('refuses them on update too, leaving the stored redirect as it was', async () => {
    const { id } = (await h.op('createRedirect', { input: { from: '/kept', to: '/kept-target' } }, admin)).data.createRedirect;
    for (const input of [{ from: '/kept\u0000' }, { to: '/x\ud800' }, { to: '/x y' }, { from: '/k\te' }]) {
      const r = await h.op('updateRedirect', { id, input }, admin);
      expect(r.error!.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', field: Object.keys(input)[0] });
    }
    const stream = (await h.op('getRedirectStream', {}, admin)).data.getRedirectStream;
    expect(stream.edges.map((e: { node: { from: string; to: string } }) => [e.node.from, e.node.to])).toContainEqual(['/kept', '/kept-target']);
  });

  it('accepts only what the build turns into a rule', async () => {
    const candidates = [...BAD_FROM.map((from) => ({ from, to: '/t' })), ...BAD_TO.map((to) => ({ from: '/f', to })),
      { from: '/caf%C3%A9', to: '/menu' }, { from: '/café', to: 'https://example.com/a?b=c' }, { from: '/old/path/', to: '/new' }];
    let accepted = 0;
    for (const [i, c] of candidates.entries()) {
      const from = `${c.from}${c.from.length > 1 ? `-${i}` : ''}`;
      const r = await h.op('createRedirect', { input: { from, to: c.to } }, admin);
      if (r.error) continue;
      accepted += 1;
      expect(normalizeFromPath(from), JSON.stringify(from)).not.toBeNull();
      expect(safeTarget(c.to), JSON.stringify(c.to)).not.toBeNull();
    }
    expect(accepted).toBeGreaterThanOrEqual(3);
  });
});

describe('every string of every mutation', () => {
  it('refuses NUL and unpaired surrogates with the field path, at any depth and in lists', async () => {
    const before = await snapshotCounts(h);
    const cases: [string, Record<string, unknown>, string][] = [
      ['createContent', { input: { type: 'Article', name: 'Bad\u0000name', primarySectionId: 103 } }, 'name'],
      ['updateContent', { id: ITEM, input: { name: 'Half \ud83d' } }, 'name'],
      ['updateContent', { id: ITEM, input: { metadata: { deep: { list: ['ok', 'bad\udfff'] } } } }, 'metadata.deep.list[1]'],
      ['updateContent', { id: ITEM, input: { metadata: { ['k\u0000']: 'v' } } }, 'metadata'],
      ['updateContent', { id: ITEM, input: { labels: ['fine', 'nul\u0000'] } }, 'labels[1]'],
      ['updateMenu', { key: 'footer', links: [{ label: 'About\u0000', href: '/about' }] }, 'links[0].label'],
    ];
    for (const [op, variables, field] of cases) {
      const r = await h.op(op, variables, op === 'updateMenu' ? admin : editor);
      expect(r.status, `${op} ${field}`).toBe(400);
      expect(r.error!.extensions, `${op} ${field}`).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('refuses them before signing in, too', async () => {
    const r = await h.op('loginCmsUser', { username: 'ops', password: 'pass\u0000word' });
    expect(r.status).toBe(400);
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
  });

  it('still takes well-formed text: astral characters, accents, tabs and newlines', async () => {
    const name = 'Ports 🚢 café\tand\nrates';
    const r = await h.op('updateContent', { id: ITEM, input: { name } }, editor);
    expect(r.error).toBeUndefined();
    expect(r.data.updateContent.name).toBe(name);
  });
});

describe('deeply nested JSON', () => {
  it(`is a 400 naming the JSON field past ${MAX_INPUT_DEPTH} levels, however deep, and writes nothing`, async () => {
    const before = await snapshotCounts(h);
    for (const levels of [MAX_INPUT_DEPTH + 1, 200]) {
      const r = await h.op('updateContent', { id: ITEM, input: { metadata: nested(levels) } }, editor);
      expect(r.status, `${levels}`).toBe(400);
      expect(r.error!.extensions, `${levels}`).toMatchObject({ code: 'INPUT_TOO_DEEP', field: 'metadata', limit: MAX_INPUT_DEPTH });
      expect(r.error!.message).toBe(`metadata: Nested more than ${MAX_INPUT_DEPTH} levels deep`);
    }
    // Deeper than JSON.stringify can write: the request body is written by hand, and refused
    // before anything walks it (api/http/json-body.ts).
    const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const doc = h.app.api.registry.byName.get('updateContent')!.text;
    const res = await h.app.inject({
      method: 'POST', url: '/graphql', payload: `{"query":${JSON.stringify(doc)},"variables":{"id":${ITEM},"input":{"metadata":${deep}}}}`,
      headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha', authorization: `Bearer ${await h.token('alphaEditor')}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions).toMatchObject({ code: 'BODY_TOO_DEEP' });
    const settings = await h.op('updateSiteSettings', { settings: { general: nested(200) } }, admin);
    expect(settings.status).toBe(400);
    expect(settings.error!.extensions).toMatchObject({ code: 'INPUT_TOO_DEEP', field: 'settings' });
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('refuses a public read whose variables nest thousands of levels with 400, before the response cache key walks them', async () => {
    const doc = h.app.api.registry.byName.get('getContent')!.text;
    for (const levels of [MAX_BODY_DEPTH + 1, 5_000, 100_000]) {
      const deep = `${'{"a":'.repeat(levels - 2)}1${'}'.repeat(levels - 2)}`;
      const res = await h.app.inject({
        method: 'POST', url: '/graphql', payload: `{"query":${JSON.stringify(doc)},"variables":{"id":${ITEM},"x":${deep}}}`,
        headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha' },
      });
      expect(res.statusCode, `${levels}`).toBe(400);
      expect(res.json().errors[0].extensions, `${levels}`).toMatchObject({ code: 'BODY_TOO_DEEP' });
    }
    const atLimit = `${'{"a":'.repeat(MAX_BODY_DEPTH - 2)}1${'}'.repeat(MAX_BODY_DEPTH - 2)}`;
    const fine = await h.app.inject({
      method: 'POST', url: '/graphql', payload: `{"query":${JSON.stringify(doc)},"variables":{"id":${ITEM},"x":${atLimit}}}`,
      headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha' },
    });
    expect(fine.statusCode).toBe(200);
    // The same on any JSON route of the API, e.g. event ingestion.
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const events = await h.app.inject({ method: 'POST', url: '/api/events', payload: `{"events":${deep}}`, headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha' } });
    expect(events.statusCode).toBe(400);
    expect(events.json().errors[0].extensions).toMatchObject({ code: 'BODY_TOO_DEEP' });
  });

  it('keeps JSON nested within the limit', async () => {
    const metadata = nested(10);
    const r = await h.op('updateContent', { id: ITEM, input: { metadata } }, editor);
    expect(r.error).toBeUndefined();
    const read = await h.gql('query($id: Int) { getContent(id: $id, status: any) { metadata } }', { id: ITEM }, editor);
    expect(read.data.getContent.metadata).toEqual(metadata);
  });
});
