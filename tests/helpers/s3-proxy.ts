// An HTTP proxy in front of the test S3 server (s3-server.ts) that can stop a publish at an exact
// point: once `holdAfter`'s count of matching uploads has been answered, every later request is
// held (neither forwarded nor answered), so the client hangs mid-upload where the test can SIGKILL
// it. Request bodies are read whole before they are forwarded, so an upload reaches the server
// complete or not at all, and `settled` waits for the forwarded ones to be answered: what the
// bucket holds then is exactly `stored`.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest { method: string; bucket: string; key: string }

export interface S3Proxy {
  endpoint: string;
  /** Keys of the PUTs the server answered with 2xx, in order. */
  readonly stored: string[];
  /**
   * From now on: after `n` answered requests matching `match`, hold every new request. Resolves
   * when the first one is held.
   */
  holdAfter(n: number, match: (r: ProxiedRequest) => boolean): Promise<void>;
  /** Resolves once no forwarded request waits for the server's answer. */
  settled(): Promise<void>;
  /** Forwards everything again (held requests stay held: their clients are gone). */
  release(): void;
  close(): Promise<void>;
}

function parse(req: IncomingMessage): ProxiedRequest {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const [bucket = '', ...rest] = path.slice(1).split('/');
  return { method: req.method ?? 'GET', bucket: decodeURIComponent(bucket), key: rest.map(decodeURIComponent).join('/') };
}

export async function startS3Proxy(upstream: string): Promise<S3Proxy> {
  const target = new URL(upstream);
  const stored: string[] = [];
  const held: ServerResponse[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];
  let hold: { left: number; match: (r: ProxiedRequest) => boolean; reached: () => void } | null = null;
  let holding = false;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, info: ProxiedRequest) => {
    inFlight++;
    const done = () => {
      if (--inFlight === 0) { const w = idle; idle = []; for (const f of w) f(); }
    };
    const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => {
        const ok = (r.statusCode ?? 500) < 300;
        if (ok && info.method === 'PUT') stored.push(info.key);
        if (ok && hold && hold.match(info) && --hold.left <= 0) { holding = true; hold.reached(); hold = null; }
        if (!res.destroyed) {
          res.writeHead(r.statusCode ?? 502, r.headers);
          res.end(Buffer.concat(chunks));
        }
        done();
      });
      r.on('error', () => { res.destroy(); done(); });
    });
    up.on('error', () => { res.destroy(); done(); });
    up.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (holding) { held.push(res); return; }
      forward(req, res, Buffer.concat(chunks), parse(req));
    });
    req.on('error', () => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stored,
    holdAfter(n, match) {
      return new Promise<void>((reached) => { hold = { left: n, match, reached }; });
    },
    settled() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r));
    },
    release() {
      holding = false;
      hold = null;
    },
    async close() {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
