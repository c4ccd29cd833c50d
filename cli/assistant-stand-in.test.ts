import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAssistantStandIn, standInAnswer, type StandIn } from './assistant-stand-in';

describe('the demo assistant stand-in', () => {
  let s: StandIn;
  beforeAll(async () => { s = await startAssistantStandIn(); });
  afterAll(async () => { await s.close(); });

  it('answers like a chat-completions endpoint on 127.0.0.1, labelling free answers as the stand-in', async () => {
    expect(new URL(s.url).hostname).toBe('127.0.0.1');
    const r = await fetch(s.url, { method: 'POST', body: JSON.stringify({ model: 'x', messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'Name three ports' }] }) });
    const body = await r.json() as { choices: { message: { content: string } }[] };
    expect(body.choices[0]!.message.content).toMatch(/^\[Demo stand-in, not a language model\] You asked: "Name three ports"/);
  });

  it('picks tags only from the allowed list, by the item\'s words, the same way every time', () => {
    const prompt = 'Choose up to 5 tags for this article\n\nTitle: Ocean rates climb\nTeaser: Carriers trim sailings.\n\nAllowed tags:\nOcean Freight\nAir Cargo\nRates';
    expect(standInAnswer(prompt)).toBe('Ocean Freight\nRates');
    expect(standInAnswer(prompt)).toBe(standInAnswer(prompt));
  });
});
