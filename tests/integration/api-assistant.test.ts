// The assistant (issue 42, /admin/openai) against a local chat-completions server over real HTTP:
// the installation holds the key (as cli/ passes it), alpha's settings name the endpoint and model,
// beta has none (off). Each editor action answers on the tenant's own item; gated bodies stay home
// unless the site allows them; failures answer a clear error and leave only their history row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, snapshotCounts, type Harness } from './api-harness';
import { startChatServer, type ChatServer } from '../helpers/chat-server';
import { setTenantSetting } from '../helpers/tenant-settings';

const KEY = 'sk-test-not-a-real-key';
const ITEM = 10010001; // alpha, open
const GATED = 10010002; // alpha, registration required below
const BETA_ITEM = 10020001;
let h: Harness;
let chat: ChatServer;

beforeAll(async () => {
  chat = await startChatServer();
  h = await startApi({ assistant: { key: KEY, timeoutMs: 400, perUser: { max: 6, windowMs: 3_600_000 } } });
  await setTenantSetting(h.store, 'alpha', 'assistant', { url: chat.url, model: 'gpt-test' });
  await h.store.run('update content set user_registration_required = 1, body = ? where id = ?', ['<p>SECRET-BODY of the gated story.</p>', GATED]);
  h.app.api.services.tenants.invalidate();
  chat.answer = (prompt) => {
    if (prompt.startsWith('Suggest 5 headlines')) return '1. Carriers cut sailings\n2. "Rates wobble as capacity shrinks"\n3. Lane 1 in flux';
    if (prompt.startsWith('Choose up to 5 tags')) return 'Rates\nInvented Tag\nrates';
    if (prompt.startsWith('Write a teaser')) return 'Carriers trim sailings while shippers watch rates.';
    if (prompt.startsWith('Write a search-engine')) return 'Carriers trim sailings on lane 1 as demand softens. '.repeat(5);
    return `Echo: ${prompt}`;
  };
});
afterAll(async () => { await h?.close(); await chat?.close(); });

const suggest = (contentId: number, action: string, as: 'alphaEditor' | 'alphaAdmin' | 'alphaViewer' | 'betaEditor' = 'alphaEditor', tenant = 'alpha') =>
  h.op('suggestForContent', { input: { contentId, action } }, { as, tenant });
const lastPrompt = () => chat.requests.at(-1)!.body.messages!.filter((m) => m.role === 'user').map((m) => m.content).join('\n');

describe('assistant editor actions', () => {
  it('sends the model, the messages and the key as a bearer token, and answers headlines from the item', async () => {
    const r = await suggest(ITEM, 'headlines');
    expect(r.error, JSON.stringify(r.body)).toBeUndefined();
    expect(r.data.suggestForContent).toMatchObject({ action: 'headlines', contentId: ITEM, model: 'gpt-test', bodySent: true, note: null });
    expect(r.data.suggestForContent.suggestions).toEqual(['Carriers cut sailings', 'Rates wobble as capacity shrinks', 'Lane 1 in flux']);
    const req = chat.requests.at(-1)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.model).toBe('gpt-test');
    expect(req.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(lastPrompt()).toContain('Carriers adjust capacity on lane 1');
    expect(lastPrompt()).toContain('Carriers are trimming sailings.');
  });

  it('answers a summary and an SEO description of at most 160 characters', async () => {
    expect((await suggest(ITEM, 'summary')).data.suggestForContent.suggestions).toEqual(['Carriers trim sailings while shippers watch rates.']);
    const seo = (await suggest(ITEM, 'seoDescription', 'alphaAdmin')).data.suggestForContent.suggestions;
    expect(seo).toHaveLength(1);
    expect(seo[0].length).toBeLessThanOrEqual(160);
  });

  it('suggests only tags that exist in the tenant taxonomy', async () => {
    const r = await suggest(ITEM, 'tags', 'alphaAdmin');
    expect(r.error, JSON.stringify(r.body)).toBeUndefined();
    expect(r.data.suggestForContent.terms).toEqual([{ id: 130, name: 'Rates', fullName: 'Rates', type: 'Tag' }]);
    expect(lastPrompt()).toContain('Allowed tags:\nRates');
  });

  it('never sends a gated body unless the site allows it, and says so', async () => {
    const r = await suggest(GATED, 'summary', 'alphaAdmin');
    expect(r.data.suggestForContent.bodySent).toBe(false);
    expect(r.data.suggestForContent.note).toMatch(/gated.*title and teaser/i);
    const sent = JSON.stringify(chat.requests.at(-1)!.body);
    expect(sent).not.toContain('SECRET-BODY');
    expect(sent).toContain('Carriers adjust capacity on lane 2');
    await setTenantSetting(h.store, 'alpha', 'assistant', { url: chat.url, model: 'gpt-test', sendGatedBodies: true });
    h.app.api.services.tenants.invalidate();
    try {
      const allowed = await suggest(GATED, 'summary', 'alphaAdmin');
      expect(allowed.data.suggestForContent.bodySent).toBe(true);
      expect(JSON.stringify(chat.requests.at(-1)!.body)).toContain('SECRET-BODY');
    } finally {
      await setTenantSetting(h.store, 'alpha', 'assistant', { url: chat.url, model: 'gpt-test' });
      h.app.api.services.tenants.invalidate();
    }
  });

  it('refuses without the content permission, for another tenant\'s item, and bad input naming the field, asking nothing', async () => {
    const asked = chat.requests.length;
    expect((await suggest(ITEM, 'headlines', 'alphaViewer')).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('suggestForContent', { input: { contentId: ITEM, action: 'headlines' } }, { tenant: 'alpha' })).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await suggest(BETA_ITEM, 'headlines')).error?.extensions.code).toBe('NOT_FOUND');
    expect((await suggest(ITEM, 'headlines', 'betaEditor', 'alpha')).error?.extensions.code).toBe('FORBIDDEN');
    const bad = await suggest(ITEM, 'poem');
    expect(bad.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.error?.message).toMatch(/^action: Must be one of headlines, summary, seoDescription, tags/);
    expect((await h.op('suggestForContent', { input: { action: 'summary' } }, { as: 'alphaEditor' })).error?.message).toMatch(/^contentId: Field is required/);
    expect((await h.op('askAssistant', { prompt: '  ' }, { as: 'alphaEditor' })).error?.message).toMatch(/^prompt: Field is required/);
    expect(chat.requests.length).toBe(asked);
  });

  it('is off where no endpoint is configured, with a clear error and the steps on the status', async () => {
    const r = await suggest(BETA_ITEM, 'headlines', 'betaEditor', 'beta');
    expect(r.error?.extensions.code).toBe('ASSISTANT_NOT_CONFIGURED');
    expect(r.error?.message).toContain('MASTHEAD_ASSISTANT_URL');
    const status = (await h.op('getAssistantStatus', {}, { as: 'betaEditor', tenant: 'beta' })).data.getAssistantStatus;
    expect(status).toMatchObject({ configured: false, model: null });
    expect(status.howToEnable).toContain('MASTHEAD_ASSISTANT_KEY');
    expect((await h.op('getAssistantStatus', {}, { as: 'alphaEditor' })).data.getAssistantStatus).toMatchObject({ configured: true, model: 'gpt-test', source: 'site', endpointHost: new URL(chat.url).host });
  });

  it('answers a clear error when the provider fails or times out; only the failure\'s history row is written', async () => {
    const before = await snapshotCounts(h);
    chat.mode = 'fail';
    try {
      const r = await h.op('askAssistant', { prompt: 'Name three ports' }, { as: 'alphaManager' });
      expect(r.error?.extensions.code).toBe('ASSISTANT_PROVIDER_FAILED');
      expect(r.error?.message).toContain('HTTP 500');
      chat.mode = 'hang';
      const t = await suggest(ITEM, 'headlines', 'alphaManager' as never);
      expect(t.error?.extensions.code).toBe('ASSISTANT_PROVIDER_FAILED');
      expect(t.error?.message).toMatch(/no answer within/);
    } finally {
      chat.mode = 'ok';
    }
    const after = await snapshotCounts(h);
    expect(after).toEqual({ ...before, history: (before.history ?? 0) + 2 });
    const log = (await h.op('getAssistantLog', { limit: 2 }, { as: 'alphaEditor' })).data.getAssistantLog;
    expect(log[0]).toMatchObject({ action: 'suggest:headlines', contentId: ITEM, answer: null, actorUsername: 'alpha.manager' });
    expect(log[0].error).toMatch(/no answer within/);
    expect(log[1]).toMatchObject({ action: 'prompt', prompt: 'Name three ports', answer: null });
  });

  it('logs every prompt and answer with who, when, which item and the action, per tenant', async () => {
    const r = await h.op('askAssistant', { prompt: 'Draft a tweet about rates' }, { as: 'alphaEditor' });
    expect(r.data.askAssistant).toEqual({ answer: 'Echo: Draft a tweet about rates', model: 'gpt-test' });
    const log = (await h.op('getAssistantLog', {}, { as: 'alphaEditor' })).data.getAssistantLog;
    expect(log[0]).toMatchObject({ action: 'prompt', entityId: 'prompt', prompt: 'Draft a tweet about rates', answer: 'Echo: Draft a tweet about rates', actorUsername: 'alpha.editor', model: 'gpt-test' });
    expect(Date.parse(log[0].createdAt)).toBeGreaterThan(0);
    const headlines = log.find((e: { action: string; answer: string | null }) => e.action === 'suggest:headlines' && e.answer);
    expect(headlines).toMatchObject({ contentId: ITEM, bodySent: true, actorUsername: 'alpha.editor' });
    expect(headlines.prompt).toContain('Carriers adjust capacity on lane 1');
    expect(log.filter((e: { contentId: number | null }) => e.contentId === GATED).map((e: { bodySent: boolean }) => e.bodySent)).toEqual([true, false]);
    expect((await h.op('getAssistantLog', {}, { as: 'betaEditor', tenant: 'beta' })).data.getAssistantLog).toEqual([]);
    expect((await h.op('getAssistantLog', {}, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
  });

  it('limits calls per user', async () => {
    let last;
    for (let i = 0; i < 7; i += 1) last = await h.op('askAssistant', { prompt: `Question ${i}` }, { as: 'admin' });
    expect(last?.error?.extensions.code).toBe('RATE_LIMITED');
  });
});
