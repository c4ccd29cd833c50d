import { openStore } from '../engine/store/connection';
import { load } from '../engine/build/stages/load';
import { createResolveContext, resolveContentPage } from '../engine/build/stages/resolve';
import { recommenderOf } from '../engine/build/stages/resolve-grid';
import { BODY_RECOMMENDATION_TYPES } from '../engine/domain/recommend';

const store = await openStore({ path: '/tmp/recs-corpus/db.sqlite' });
const tenant = (await store.db.$client ? null : null) ?? 'scale1';
const { index } = await load(store, tenant, { now: Date.now() });
console.log('items', index.content.length);
const ctx = createResolveContext(index);
let t = performance.now();
const r = recommenderOf(ctx);
console.log('index build ms', (performance.now() - t).toFixed(0));
const body = index.content.filter((c) => BODY_RECOMMENDATION_TYPES.includes(c.type));
t = performance.now();
for (const c of body) r.recommendSync({ contentId: c.id, limit: 4 });
const q = performance.now() - t;
console.log('queries', body.length, 'ms', q.toFixed(0), 'per page µs', ((q * 1000) / body.length).toFixed(1));
t = performance.now();
let n = 0;
for (const c of index.content.slice(0, 2000)) { resolveContentPage(ctx, c, '<p>x</p>'); n++; }
console.log('resolve 2000 content pages ms', (performance.now() - t).toFixed(0));
await store.close();
