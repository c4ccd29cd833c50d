// What Lighthouse's child process is given (issue 38): the Chromium the settings name and the few
// variables a program needs, never the server's own environment (its secrets: SMTP, unsubscribe, AWS keys).
import { describe, expect, it, vi } from 'vitest';

const calls: { env: Record<string, string> }[] = [];
vi.mock('node:child_process', () => ({
  execFile: (_file: string, _args: string[], opts: { env: Record<string, string> }, cb: (e: Error | null, out: string, err: string) => void) => {
    calls.push({ env: opts.env });
    const lhr = { categories: { performance: { score: 1 }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: 1 } }, audits: {} };
    setImmediate(() => cb(null, JSON.stringify(lhr), ''));
    return { kill() {} };
  },
}));

const { lighthouseMeasurer } = await import('./page-speed');

describe('the Lighthouse child process', () => {
  it('gets the configured Chromium and PATH, HOME, TMPDIR, LANG from the environment it is given, and nothing else', async () => {
    const m = await lighthouseMeasurer('/opt/chromium/chrome', { PATH: '/usr/bin', HOME: '/home/app', MASTHEAD_SMTP_URL: 'smtp://user:pw@mail', AWS_SECRET_ACCESS_KEY: 'secret' });
    await m.measure('http://127.0.0.1:1/', 'mobile');
    expect(calls.at(-1)!.env).toEqual({ CHROME_PATH: '/opt/chromium/chrome', PATH: '/usr/bin', HOME: '/home/app' });
  });

  it('defaults to Debian\u2019s Chromium and an empty environment', async () => {
    const m = await lighthouseMeasurer();
    await m.measure('http://127.0.0.1:1/', 'desktop');
    expect(calls.at(-1)!.env).toEqual({ CHROME_PATH: '/usr/bin/chromium' });
  });
});
