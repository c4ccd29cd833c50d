// Operations write through the transaction object their commit hands them: a failure after the
// write (here the history row, refused by a trigger) leaves nothing behind, and a write through
// the store's own handles during the commit is refused instead of escaping the transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commit } from '../../engine/services/kernel/operation';
import { writeRedirects } from '../../engine/store/writes';
import { WriteOutsideTransactionError } from '../../engine/store/connection';
import { snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const admin = { as: 'alphaAdmin' as const };
const editor = { as: 'alphaEditor' as const };
const grid = { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [] }] }] };

async function contentName(id: number): Promise<string | undefined> {
  const [row] = await h.store.all<{ name: string }>('select name from content where id = ?', [id]);
  return row?.name;
}

describe('operations and their transaction', () => {
  it('rolls back every operation\'s write when the history row after it fails', async () => {
    await h.store.exec("CREATE TRIGGER history_down BEFORE INSERT ON history BEGIN SELECT RAISE(ABORT, 'history down'); END");
    try {
      const before = await snapshotCounts(h);
      const name = await contentName(10_010_001);
      const attempts = [
        await h.op('updateContent', { id: 10_010_001, input: { name: 'Renamed, then rolled back' } }, editor),
        await h.op('createContent', { input: { type: 'Article', name: 'Never stored', primarySectionId: 101 } }, editor),
        await h.op('createWebsiteSection', { input: { name: 'Never Stored' } }, admin),
        await h.op('createLayout', { input: { name: 'Never stored', type: 'section', primaryGrid: grid } }, admin),
        await h.op('createRedirect', { input: { from: '/never-stored', to: '/' } }, admin),
        await h.op('updateMenu', { key: 'footer', links: [{ label: 'Never stored', href: '/about' }] }, admin),
      ];
      for (const r of attempts) expect(r.error, JSON.stringify(r.body)).toBeDefined();
      expect(await snapshotCounts(h)).toEqual(before);
      expect(await contentName(10_010_001)).toBe(name);
      const [menu] = await h.store.all<{ links: string }>("select links from menus where tenant_key = 'alpha' and key = 'footer'");
      expect(menu?.links ?? '').not.toContain('Never stored');
    } finally {
      await h.store.exec('DROP TRIGGER history_down');
    }
  });

  it('refuses a write through the store\'s own handle inside a commit, and writes nothing', async () => {
    const before = await snapshotCounts(h);
    const ctx = { services: h.app.api.services, actor: null, tenant: null };
    const escaped = commit(ctx, async () => {
      await writeRedirects(h.store.db, 'alpha', [{ id: 77_001, from: '/escaped', to: '/', preserveQueryString: false }]);
    }, () => ({ tenantKey: 'alpha', entityType: 'redirect', entityId: 77_001, action: 'create', changes: {} }));
    let error: unknown = await escaped.then(() => undefined, (e: unknown) => e);
    while (error instanceof Error && error.cause) error = error.cause;
    expect(error).toBeInstanceOf(WriteOutsideTransactionError);
    expect(await snapshotCounts(h)).toEqual(before);
  });
});
