import { openStore, rawOf } from './engine/store/connection';
const s = await openStore({ path: '/dev/shm/corp20k/db.sqlite' });
const [row] = await rawOf(s.db).all<{ id: number; name: string; tenant_key: string }>("select id, name, tenant_key from content where status = 1 and type = 'Article' order by id limit 1 offset " + process.argv[2]);
await rawOf(s.db).run('update content set name = ? where id = ?', [row!.name + ' x', row!.id]);
console.log(row!.id);
await s.close();
