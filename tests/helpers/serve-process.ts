// `masthead` as child processes for tests that run real servers: a CLI command to completion, a
// `masthead serve` until it listens, and HTTP to it as a tenant's site. (serve-crash.test.ts keeps
// its own single-instance serve() and HTTP helpers; it shares the CLI runner and ports.)
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const BIN = join(process.cwd(), 'bin', 'masthead.js');

export interface Done { code: number | null; stdout: string; stderr: string }

/** Every child started here, so a test's afterAll can kill what is left. */
export const children = new Set<ChildProcess>();

/** Runs `masthead <args>` to completion, `input` on its stdin. */
export function cli(args: string[], input = '', env: NodeJS.ProcessEnv = {}): Promise<Done> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => { children.delete(child); resolve({ code, stdout, stderr }); });
    child.stdin.end(input);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface Server { child: ChildProcess; port: number; stderr: () => string; exited: Promise<void> }

/** Starts `masthead serve` with the given arguments and resolves once it listens. */
export function serve(args: string[], port: number, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    children.add(child);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<void>((done) => child.on('exit', () => { children.delete(child); done(); }));
    const timer = setTimeout(() => reject(new Error(`serve did not start in 120 s: ${stderr}`)), 120_000);
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('Press Ctrl+C')) { clearTimeout(timer); resolve({ child, port, stderr: () => stderr, exited }); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited (${code}) before listening: ${stderr}`)); });
  });
}

export interface Answer { status: number; text: string }

/** One HTTP request on loopback to `port` as the tenant's site (Host <tenant>.localhost:<port>). */
export function http(port: number, tenant: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request({
      host: '127.0.0.1', port, method, path, agent: false,
      headers: { host: `${tenant}.localhost:${port}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A registered GraphQL document over HTTP: its data, or an error naming the status and answer. */
export async function graphql(port: number, tenant: string, documentId: string, variables: Record<string, unknown>, token?: string): Promise<Record<string, any>> {
  const r = await http(port, tenant, 'POST', '/graphql', { documentId, variables }, token ? { authorization: `Bearer ${token}` } : {});
  const body = JSON.parse(r.text) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (r.status !== 200 || body.errors?.length) throw Object.assign(new Error(`${documentId}: ${r.status} ${r.text}`), { status: r.status, body });
  return body.data!;
}
