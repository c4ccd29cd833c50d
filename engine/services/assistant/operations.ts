// The assistant's operations (issue 42, /admin/openai): its status, a free prompt, the editor
// actions on one content item, and the log of prompts and answers. Each is access → validate →
// call the provider → a history row (who, when, which item, action, prompt, answer or failure).
// Nothing else is written: a suggestion reaches content only through the editor's own save.
import { AppError } from '../../domain/errors';
import { isGatedItem } from '../../domain/gating';
import { contentByIds, membershipIdsOf } from '../../store/queries/content';
import { insertHistory, listHistory } from '../../store/queries/history';
import { listTerms } from '../../store/queries/people';
import type { Actor } from '../kernel/access';
import { tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { idArg } from '../kernel/patch';
import { throttle } from '../kernel/shared-state';
import type { TenantRow } from '../kernel/tenancy';
import { assistantFetch, assistantLimiter, effectiveAssistant } from './options';
import { chatCompletion, type ChatMessage } from './provider';
import { ASSISTANT_ACTIONS, itemMessages, promptMessages, readSuggestions, readTerms, type AssistantAction, type TermName } from './prompts';

/** Editor actions suggest for content, so they take the content edit permission; so does the free prompt. */
const PERMS = ['manage_content'] as const;
export const ASSISTANT_ENTITY = 'assistant';
export const MAX_PROMPT_CHARS = 4000;
const HISTORY_TEXT_MAX = 8000;

export interface AssistantStatus {
  configured: boolean;
  model: string | null;
  /** The endpoint's host (never its key), when configured. */
  endpointHost: string | null;
  source: string | null;
  standIn: boolean;
  sendsGatedBodies: boolean;
  howToEnable: string;
}

export const HOW_TO_ENABLE = 'Set MASTHEAD_ASSISTANT_URL (the chat-completions address, e.g. https://api.openai.com/v1/chat/completions, an Azure OpenAI deployment\'s or a self-hosted server\'s), MASTHEAD_ASSISTANT_MODEL and MASTHEAD_ASSISTANT_KEY in the server\'s environment and restart it; a site may name its own URL and model in its settings (assistant.url, assistant.model).';

export async function getAssistantStatus({ ctx }: OpArgs<unknown>): Promise<AssistantStatus> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const e = effectiveAssistant(ctx.services, tenant.settings);
  return {
    configured: e.endpoint !== null,
    model: e.endpoint?.model ?? null,
    endpointHost: e.endpoint ? new URL(e.endpoint.url).host : null,
    source: e.source,
    standIn: e.standIn,
    sendsGatedBodies: e.sendGatedBodies,
    howToEnable: HOW_TO_ENABLE,
  };
}

interface Call { ctx: OpContext; actor: Actor; tenant: TenantRow; entityId: string; action: string; messages: ChatMessage[]; extra: Record<string, unknown> }

const clip = (s: string) => (s.length > HISTORY_TEXT_MAX ? `${s.slice(0, HISTORY_TEXT_MAX)}… (${s.length} characters)` : s);

/** Checks the configuration and the per-user limit, asks the provider, and logs the exchange either way. */
async function ask(c: Call): Promise<{ answer: string; model: string }> {
  const e = effectiveAssistant(c.ctx.services, c.tenant.settings);
  if (!e.endpoint) throw new AppError('ASSISTANT_NOT_CONFIGURED');
  await throttle([[assistantLimiter(c.ctx.services), `${c.tenant.tenantKey}:${c.actor.kind}:${c.actor.userId ?? 0}`]]);
  const prompt = c.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n\n');
  const log = (changes: Record<string, unknown>) => insertHistory(c.ctx.services.store.db, {
    tenantKey: c.tenant.tenantKey, actorType: c.actor.kind, actorId: c.actor.userId ?? null,
    entityType: ASSISTANT_ENTITY, entityId: c.entityId, action: c.action,
    changes: { model: e.endpoint!.model, prompt: clip(prompt), ...c.extra, ...changes },
  });
  try {
    const answer = await chatCompletion(e.endpoint, c.messages, assistantFetch(c.ctx.services));
    await log({ answer: clip(answer) });
    return { answer, model: e.endpoint.model };
  } catch (error) {
    await log({ error: (error as Error).message });
    throw error;
  }
}

export interface PromptAnswer { answer: string; model: string }

export async function askAssistant({ ctx, input }: OpArgs<{ prompt?: unknown }>): Promise<PromptAnswer> {
  const { actor, tenant } = tenantAccess(ctx, PERMS);
  const prompt = typeof input.prompt === 'string' ? input.prompt.trim() : '';
  if (!prompt) throw new AppError('BAD_USER_INPUT', { field: 'prompt', message: 'Field is required' });
  if (prompt.length > MAX_PROMPT_CHARS) throw new AppError('BAD_USER_INPUT', { field: 'prompt', message: `At most ${MAX_PROMPT_CHARS} characters` });
  return ask({ ctx, actor, tenant, entityId: 'prompt', action: 'prompt', messages: promptMessages(prompt), extra: {} });
}

export interface ContentSuggestion {
  action: AssistantAction;
  contentId: number;
  model: string;
  suggestions: string[];
  terms: TermName[];
  /** False when the item is gated and only its title and teaser were sent. */
  bodySent: boolean;
  note: string | null;
}

export async function suggestForContent({ ctx, input }: OpArgs<{ contentId?: unknown; action?: unknown }>): Promise<ContentSuggestion> {
  const { actor, tenant } = tenantAccess(ctx, PERMS);
  const contentId = idArg(input.contentId, 'contentId');
  const action = input.action;
  if (typeof action !== 'string' || !(ASSISTANT_ACTIONS as readonly string[]).includes(action)) {
    throw new AppError('BAD_USER_INPUT', { field: 'action', message: `Must be one of ${ASSISTANT_ACTIONS.join(', ')}` });
  }
  const act = action as AssistantAction;
  const db = ctx.services.store.db;
  const [item] = await contentByIds(db, tenant.tenantKey, [contentId]);
  if (!item) throw new AppError('NOT_FOUND', { entity: 'Content', id: contentId });
  const membershipIds = (await membershipIdsOf(db, [contentId])).get(contentId) ?? [];
  const gated = isGatedItem({ membershipIds, surveyType: item.gatingSurveyType, registrationRequired: item.userRegistrationRequired, isZmag: item.zmagId !== null });
  const e = effectiveAssistant(ctx.services, tenant.settings);
  const bodySent = !gated || e.sendGatedBodies;
  const terms = act === 'tags' ? (await listTerms(db, tenant.tenantKey)).map((t) => ({ id: t.id, name: t.name, fullName: t.fullName, type: t.type })) : [];
  const messages = itemMessages(act, { title: item.name, teaser: item.teaser, body: bodySent ? item.body : null }, terms);
  const { answer, model } = await ask({
    ctx, actor, tenant, entityId: String(contentId), action: `suggest:${act}`, messages, extra: { contentId, bodySent },
  });
  const note = bodySent ? null : 'This item is gated: only its title and teaser were sent to the assistant (its body stays private unless the site settings allow sending gated bodies).';
  if (act === 'tags') return { action: act, contentId, model, suggestions: [], terms: readTerms(answer, terms), bodySent, note };
  return { action: act, contentId, model, suggestions: readSuggestions(act, answer), terms: [], bodySent, note };
}

export interface AssistantLogEntry {
  id: number; createdAt: number; actorUsername: string | null; entityId: string; action: string;
  contentId: number | null; prompt: string; answer: string | null; error: string | null; model: string | null; bodySent: boolean | null;
}

export async function getAssistantLog({ ctx, input }: OpArgs<{ limit?: unknown }>): Promise<AssistantLogEntry[]> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const limit = input.limit ?? 20;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100) throw new AppError('BAD_USER_INPUT', { field: 'limit', message: 'Must be a whole number from 1 to 100' });
  const { rows } = await listHistory(ctx.services.store.db, { tenantKey: tenant.tenantKey, entityType: ASSISTANT_ENTITY, limit, skip: 0 });
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return rows.map((r) => ({
    id: r.id, createdAt: r.createdAt, actorUsername: r.actorUsername, entityId: r.entityId, action: r.action,
    contentId: typeof r.changes.contentId === 'number' ? r.changes.contentId : null,
    prompt: str(r.changes.prompt) ?? '', answer: str(r.changes.answer), error: str(r.changes.error), model: str(r.changes.model),
    bodySent: typeof r.changes.bodySent === 'boolean' ? r.changes.bodySent : null,
  }));
}
