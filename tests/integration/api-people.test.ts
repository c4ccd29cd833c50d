// People, taxonomy and contacts through GraphQL (issue 16): person CRUD with a sanitised bio,
// checked social links and a tenant-checked photo; the taxonomy tree (rename re-derives full names,
// merge moves content, delete refused with children), the CSV export, contacts settings and the
// site-settings read, each guarded by its permission, writing history and asking for a rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const history = async (entityType: string, entityId: number | string) =>
  h.store.all<{ action: string; changes: string }>('select action, changes from history where entity_type = ? and entity_id = ? order by id', [entityType, String(entityId)]);

describe('persons', () => {
  it('creates a person with a sanitised bio, social links and a photo, lists and finds them by search', async () => {
    const r = await h.op('createPerson', { input: {
      firstName: 'Mina', lastName: 'Okafor', title: 'Ports reporter', imageId: 120,
      bio: '<p>Covers <strong>ports</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      socialLinks: [{ network: 'Linkedin', url: 'https://www.linkedin.com/in/mina' }, { network: 'Email', url: 'mailto:mina@alpha.example' }],
    } }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    const p = r.data.createPerson;
    expect(p.fullName).toBe('Mina Okafor');
    expect(p.bio).toContain('<strong>ports</strong>');
    expect(p.bio).not.toMatch(/script|onerror/);
    expect(p.socialLinks).toHaveLength(2);
    expect(p.authorPath).toBe(`/author/${p.id}/mina-okafor`);
    const list = await h.op('getPersonStream', { input: { phrase: 'okaf', pagination: { limit: 9999 } } }, { as: 'alphaEditor' });
    expect(list.data.getPersonStream.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual([p.id]);
    expect((await history('person', p.id)).map((x) => x.action)).toEqual(['create']);
    expect(h.changes.at(-1)).toEqual({ tenantKey: 'alpha', change: { entity: 'person', action: 'create', ids: [p.id] } });
  });

  it('updates only the fields given and records what changed', async () => {
    const created = (await h.op('createPerson', { input: { firstName: 'Lee', lastName: 'Park' } }, { as: 'alphaEditor' })).data.createPerson;
    const r = await h.op('updatePerson', { id: created.id, input: { lastName: 'Parker', title: 'Analyst' } }, { as: 'alphaEditor' });
    expect(r.data.updatePerson).toMatchObject({ firstName: 'Lee', lastName: 'Parker', fullName: 'Lee Parker', title: 'Analyst' });
    const [, update] = await history('person', created.id);
    expect(JSON.parse(update!.changes)).toMatchObject({ lastName: { from: 'Park', to: 'Parker' }, title: { from: null, to: 'Analyst' } });
  });

  it('keeps a renamed author\'s old page address as a 301 redirect', async () => {
    const r = await h.op('updatePerson', { id: 110, input: { firstName: 'Rosalind' } }, { as: 'alphaEditor' });
    expect(r.data.updatePerson.authorPath).toBe('/author/110/rosalind-delgado');
    const rows = await h.store.all<{ from_path: string; to_path: string }>("select from_path, to_path from redirects where tenant_key = 'alpha' and from_path like '/author/%'");
    expect(rows).toEqual([{ from_path: '/author/110/rosa-delgado', to_path: '/author/110/rosalind-delgado' }]);
    await h.op('updatePerson', { id: 110, input: { firstName: 'Rosa' } }, { as: 'alphaEditor' });
    const back = await h.store.all<{ from_path: string; to_path: string }>("select from_path, to_path from redirects where tenant_key = 'alpha' and from_path like '/author/%'");
    expect(back).toEqual([{ from_path: '/author/110/rosalind-delgado', to_path: '/author/110/rosa-delgado' }]);
  });

  it('names the bad field and writes nothing', async () => {
    const before = await h.count('persons');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ firstName: ' ', lastName: 'X' }, 'input.firstName', /Field is required/],
      [{ firstName: 'A', lastName: 'B', socialLinks: [{ network: 'Twitter', url: 'javascript:alert(1)' }] }, 'input.socialLinks[0].url', /http\(s\)/],
      [{ firstName: 'A', lastName: 'B', socialLinks: [{ network: 'Myspace', url: 'https://x.example' }] }, 'input.socialLinks[0].network', /./],
      [{ firstName: 'A', lastName: 'B', imageId: 220 }, 'imageId', /Unknown image 220/],
    ];
    for (const [input, field, message] of cases) {
      const r = await h.op('createPerson', { input }, { as: 'alphaEditor' });
      expect(r.error?.extensions.code, field).toBe('BAD_USER_INPUT');
      expect(r.error?.extensions.field).toBe(field);
      expect(r.error?.message).toMatch(message);
    }
    expect(await h.count('persons')).toBe(before);
  });

  it('is tenant-checked and permission-checked', async () => {
    expect((await h.op('updatePerson', { id: 210, input: { title: 'x' } }, { as: 'alphaEditor' })).error?.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('createPerson', { input: { firstName: 'A', lastName: 'B' } }, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('createPerson', { input: { firstName: 'A', lastName: 'B' } }, { as: 'betaEditor' })).error?.extensions.code).toBe('FORBIDDEN');
  });

  it('refuses to delete an author of content, deletes a person who signs nothing', async () => {
    const counts = await snapshotCounts(h);
    const r = await h.op('deletePerson', { id: 110 }, { as: 'alphaEditor' });
    expect(r.error?.extensions.code).toBe('CONFLICT');
    expect(r.error?.message).toMatch(/author of 12 content item/);
    expect(await snapshotCounts(h)).toEqual(counts);
    const p = (await h.op('createPerson', { input: { firstName: 'Temp', lastName: 'Person' } }, { as: 'alphaEditor' })).data.createPerson;
    expect((await h.op('deletePerson', { id: p.id }, { as: 'alphaEditor' })).data.deletePerson.ok).toBe(true);
    expect((await history('person', p.id)).map((x) => x.action)).toEqual(['create', 'delete']);
  });
});

describe('taxonomy', () => {
  const create = async (input: Record<string, unknown>) => {
    const r = await h.op('createTaxonomyTerm', { input }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    return r.data.createTaxonomyTerm as { id: number; fullName: string };
  };

  it('builds a tree, renames with descendants following, and refuses cycles and duplicates', async () => {
    const changes = h.changes.length;
    const ports = await create({ type: 'Location', name: 'Ports' });
    expect(h.changes.length).toBe(changes); // a new term tags nothing: no rebuild
    const asia = await create({ type: 'Location', name: 'Asia', parentId: ports.id });
    const sg = await create({ type: 'Location', name: 'Singapore', parentId: asia.id });
    expect(sg.fullName).toBe('Ports > Asia > Singapore');
    await h.op('updateTaxonomyTerm', { id: ports.id, input: { name: 'Harbours' } }, { as: 'alphaEditor' });
    const match = await h.op('matchTaxonomyStream', { input: { phrase: 'Singapore', limit: 5000 } }, { as: 'alphaEditor' });
    expect(match.data.matchTaxonomyStream.edges[0].node.fullName).toBe('Harbours > Asia > Singapore');
    const cycle = await h.op('updateTaxonomyTerm', { id: ports.id, input: { parentId: sg.id } }, { as: 'alphaEditor' });
    expect(cycle.error?.extensions.field).toBe('parentId');
    const dup = await h.op('createTaxonomyTerm', { input: { type: 'Location', name: 'asia', parentId: ports.id } }, { as: 'alphaEditor' });
    expect(dup.error?.extensions.field).toBe('name');
    const kind = await h.op('createTaxonomyTerm', { input: { type: 'Tag', name: 'X', parentId: ports.id } }, { as: 'alphaEditor' });
    expect(kind.error?.message).toMatch(/parent must be a Tag term/);
    const del = await h.op('deleteTaxonomyTerm', { id: asia.id }, { as: 'alphaEditor' });
    expect(del.error?.extensions.code).toBe('CONFLICT');
  });

  it('merges two terms: the content moves to the target, the source is gone, one rebuild is asked', async () => {
    const source = await create({ type: 'Tag', name: 'Freight rates' });
    await h.store.transaction(async (tx) => {
      const { rawOf } = await import('../../engine/store/connection');
      await rawOf(tx).run('insert into content_taxonomy (content_id, taxonomy_id) values (10010001, ?), (10010002, ?), (10010002, 130)', [source.id, source.id]);
    });
    const changes = h.changes.length;
    const r = await h.op('mergeTaxonomyTerms', { sourceId: source.id, targetId: 130 }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    expect(r.data.mergeTaxonomyTerms).toMatchObject({ target: { id: 130, name: 'Rates' }, movedContent: 2 });
    const links = await h.store.all<{ content_id: number; taxonomy_id: number }>('select content_id, taxonomy_id from content_taxonomy where content_id in (10010001, 10010002) order by content_id');
    expect(links.map((l) => [l.content_id, l.taxonomy_id])).toEqual([[10010001, 130], [10010002, 130]]);
    expect(await h.store.all('select id from taxonomy where id = ?', [source.id])).toEqual([]);
    expect(h.changes.length).toBe(changes + 1);
    expect((await history('taxonomy', source.id)).map((x) => x.action)).toEqual(['create', 'merge']);
    const self = await h.op('mergeTaxonomyTerms', { sourceId: 130, targetId: 130 }, { as: 'alphaEditor' });
    expect(self.error?.extensions.field).toBe('targetId');
    const foreign = await h.op('mergeTaxonomyTerms', { sourceId: 130, targetId: 230 }, { as: 'alphaEditor' });
    expect(foreign.error?.message).toMatch(/Unknown taxonomy term 230/);
  });

  it('exports CSV a spreadsheet reads (and cannot run), guarded by manage_taxonomy', async () => {
    await create({ type: 'Organization', name: '=HYPERLINK("http://evil.example")' });
    const r = await h.op('taxonomyExportCsv', {}, { as: 'alphaEditor' });
    const lines = (r.data.taxonomyExportCsv as string).trim().split('\r\n');
    expect(lines[0]).toBe('id,type,name,fullName,parentId,contentCount');
    expect(lines).toContain('130,Tag,Rates,Rates,,2');
    expect(lines.some((l) => l.includes('"\'=HYPERLINK(""http://evil.example"")"'))).toBe(true);
    expect((await h.op('taxonomyExportCsv', {}, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
  });

  it('caps matchTaxonomyStream at 1000 (admin §9)', async () => {
    await h.store.transaction(async (tx) => {
      const { rawOf } = await import('../../engine/store/connection');
      const rows = Array.from({ length: 1005 }, (_, i) => `(${900_001 + i}, 'alpha', 'Tag', 'Capped ${i}', 'Capped ${i}')`);
      await rawOf(tx).run(`insert into taxonomy (id, tenant_key, type, name, full_name) values ${rows.join(',')}`);
    });
    const over = await h.op('matchTaxonomyStream', { input: { phrase: 'Capped', limit: 5000 } }, { as: 'alphaEditor' });
    expect(over.error).toBeUndefined();
    expect(over.data.matchTaxonomyStream.edges).toHaveLength(1000);
    const none = await h.op('matchTaxonomyStream', { input: { phrase: 'Capped' } }, { as: 'alphaEditor' });
    expect(none.data.matchTaxonomyStream.edges).toHaveLength(1000);
    const few = await h.op('matchTaxonomyStream', { input: { phrase: 'Capped', limit: 7 } }, { as: 'alphaEditor' });
    expect(few.data.matchTaxonomyStream.edges).toHaveLength(7);
  });
});

describe('contacts and site settings', () => {
  it('saves contacts (manage_contacts) in order and reads them publicly', async () => {
    const other = (await h.op('createPerson', { input: { firstName: 'Cora', lastName: 'Desk' } }, { as: 'alphaAdmin' })).data.createPerson;
    const r = await h.op('updateContactsSettings', { input: { title: 'Newsroom contacts', personIds: [other.id, 110] } }, { as: 'alphaAdmin' });
    expect(r.error).toBeUndefined();
    const pub = await h.op('getContacts', {}, {});
    expect(pub.data.getContacts.title).toBe('Newsroom contacts');
    expect(pub.data.getContacts.persons.map((p: { id: number }) => p.id)).toEqual([other.id, 110]);
    expect((await h.op('updateContactsSettings', { input: { personIds: [110] } }, { as: 'alphaEditor' })).error?.extensions.code).toBe('FORBIDDEN');
    const foreign = await h.op('updateContactsSettings', { input: { personIds: [110, 210] } }, { as: 'alphaAdmin' });
    expect(foreign.error?.extensions.field).toBe('input.personIds[1]');
    const tooMany = await h.op('updateContactsSettings', { input: { personIds: Array.from({ length: 101 }, (_, i) => i + 1) } }, { as: 'alphaAdmin' });
    expect(tooMany.error?.message).toMatch(/At most 100/);
    expect((await history('contacts', 'alpha')).length).toBe(1);
  });

  it('reads the settings for /admin/site-settings-new with view_site_settings, says whether they may be saved', async () => {
    const viewer = await h.op('getSiteSettingsForEdit', {}, { as: 'alphaViewer' });
    expect(viewer.data.getSiteSettingsForEdit).toMatchObject({ canEdit: false, settings: { general: { siteName: 'alpha News' } } });
    expect((await h.op('getSiteSettingsForEdit', {}, { as: 'alphaAdmin' })).data.getSiteSettingsForEdit.canEdit).toBe(true);
    expect((await h.op('getSiteSettingsForEdit', {}, { as: 'alphaEditor' })).error?.extensions.code).toBe('FORBIDDEN');
  });
});
