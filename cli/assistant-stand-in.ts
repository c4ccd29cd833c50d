// The demo's stand-in for a chat-completions endpoint (issue 42): `masthead demo` starts it on
// 127.0.0.1 when no real endpoint is configured (MASTHEAD_ASSISTANT_URL), so /admin/openai and the
// editor's suggestion buttons work without a network. It is not a language model: it answers
// deterministically from the prompt's own words (headlines and teasers cut from the title and text,
// tags picked from the allowed list when their words appear in the item) and labels free answers
// as the stand-in's. The admin shows it as the stand-in (engine/services/assistant/options.ts STAND_IN_MODEL).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export { STAND_IN_MODEL } from '../engine/services/assistant';

function field(prompt: string, name: string): string {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? '';
}

const sentence = (text: string) => /^(.{20,200}?[.!?])(\s|$)/.exec(text)?.[1] ?? text.slice(0, 170);

/** The stand-in's answer to one prompt: deterministic, from the prompt alone. */
export function standInAnswer(prompt: string): string {
  const title = field(prompt, 'Title');
  const text = `${field(prompt, 'Teaser')} ${field(prompt, 'Article')}`.trim();
  if (prompt.startsWith('Suggest 5 headlines')) {
    const lead = sentence(text).replace(/[.!?]$/, '');
    return [title, `${title}: what it means for shippers`, lead, `Explained: ${title.toLowerCase()}`, `Why ${title.charAt(0).toLowerCase()}${title.slice(1)} matters`].join('\n');
  }
  if (prompt.startsWith('Write a teaser')) return sentence(text || title);
  if (prompt.startsWith('Write a search-engine')) return `${title}. ${sentence(text)}`.slice(0, 160);
  if (prompt.startsWith('Choose up to 5 tags')) {
    const words = new Set(`${title} ${text}`.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);
    const allowed = prompt.split('Allowed tags:\n')[1]?.split('\n') ?? [];
    const hits = allowed.filter((t) => (t.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []).some((w) => words.has(w)));
    return hits.slice(0, 5).join('\n');
  }
  return `[Demo stand-in, not a language model] You asked: "${prompt.slice(0, 300)}". Configure MASTHEAD_ASSISTANT_URL, MASTHEAD_ASSISTANT_MODEL and MASTHEAD_ASSISTANT_KEY for real answers.`;
}

export interface StandIn { url: string; close(): Promise<void> }

export async function startAssistantStandIn(): Promise<StandIn> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString('utf8'); if (raw.length > 1_000_000) req.destroy(); });
    req.on('end', () => {
      let prompt = '';
      try {
        const body = JSON.parse(raw) as { messages?: { role?: string; content?: string }[] };
        prompt = (body.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content ?? '').join('\n');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The body is not JSON' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: standInAnswer(prompt) } }],
      }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
    close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}
