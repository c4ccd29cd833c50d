// What the admin e2e files use to look at the public site the way a reader does, outside the
// browser: a plain GET with the site's Host kept, and a poll for a rebuild to show.
import { get as httpGet } from 'node:http';

/** GET as a reader would; *.localhost hosts go to the loopback address with their Host kept. */
export function readerGet(url: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: '127.0.0.1', port: u.port, path: `${u.pathname}${u.search}`, headers: { host: u.host, 'cache-control': 'no-cache' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
}

/** Checks every 50 ms until `check` is true; answers how long it took, or throws past the timeout. */
export async function pollUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
