// Shared set-up of the import tests: a tenant in a real SQLite file, two small PNGs in an uploads
// folder, and a loopback HTTP server that serves one of them (the other is only in the folder, and a
// third URL is unreachable), plus the fixture exports with the server's address filled in.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export const FIXTURES = join(import.meta.dirname, 'import-fixtures');

export interface ImportWorld { dir: string; mediaDir: string; wxr: string; ghost: string; server: Server; served: string[]; close(): Promise<void> }

export async function importWorld(): Promise<ImportWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-import-'));
  const mediaDir = join(dir, 'uploads');
  mkdirSync(join(mediaDir, '2024', '03'), { recursive: true });
  const harbor = await sharp({ create: { width: 80, height: 45, channels: 3, background: '#1d4e89' } }).png().toBuffer();
  const crane = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#c2410c' } }).png().toBuffer();
  // harbor.png is served over HTTP only (and also in the folder for Ghost, which has no server URL); crane.png is only in the folder.
  writeFileSync(join(mediaDir, '2024', '03', 'crane.png'), crane);
  writeFileSync(join(mediaDir, '2024', '03', 'harbor.png'), harbor);
  const served: string[] = [];
  const server = createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === '/wp-content/uploads/2024/03/harbor.png') { res.writeHead(200, { 'content-type': 'image/png' }); res.end(harbor); return; }
    res.writeHead(404); res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const wxr = join(dir, 'wordpress.xml');
  writeFileSync(wxr, readFileSync(join(FIXTURES, 'wordpress.xml'), 'utf8').replaceAll('http://media.example.test', origin));
  const ghost = join(dir, 'ghost.json');
  writeFileSync(ghost, readFileSync(join(FIXTURES, 'ghost.json')));
  return { dir, mediaDir, wxr, ghost, server, served, close: () => new Promise((r) => server.close(() => r())) };
}

/** Every row of the tables an import writes, for "the second run changed nothing". */
export async function snapshot(all: (sql: string) => Promise<unknown[]>): Promise<string> {
  const tables = ['content', 'content_authors', 'content_images', 'content_taxonomy', 'website_schedules', 'website_sections', 'persons', 'taxonomy', 'redirects', 'import_sources'];
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = await all(`SELECT * FROM ${t} ORDER BY 1, 2`);
  out.assets = await all('SELECT id, path, sha256, updated_at FROM assets ORDER BY id');
  return JSON.stringify(out);
}
