// A local stand-in for an OpenAI-compatible chat-completions endpoint on 127.0.0.1 (tests only):
// records every request (headers and JSON body) and answers as `mode` says — choices[0].message.content
// from `answer(prompt)`, an HTTP 500 with an error object, or no answer at all (a hang, for timeouts).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest { path: string; headers: IncomingHttpHeaders; body: { model?: string; messages?: { role: string; content: string }[] } }

export interface ChatServer {
  url: string;
  requests: ChatRequest[];
  mode: 'ok' | 'fail' | 'hang';
  answer: (prompt: string) => string;
  close(): Promise<void>;
}

export async function startChatServer(): Promise<ChatServer> {
  const hanging = new Set<() => void>();
  const s: ChatServer = {
    url: '', requests: [], mode: 'ok', answer: (p) => `Echo: ${p.slice(0, 40)}`,
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as ChatRequest['body'];
      s.requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (s.mode === 'hang') { hanging.add(() => res.destroy()); return; }
      if (s.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        return;
      }
      const prompt = body.messages?.filter((m) => m.role === 'user').map((m) => m.content).join('\n') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: 'chatcmpl-test', object: 'chat.completion', model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: s.answer(prompt) } }],
      }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  return s;
}
