// The assistant's installation options (issue 42), handed in by cli/ (the key comes from the
// server's environment there and nowhere else) and kept per Services, like page speed's.
import type { LimitRule } from '../kernel/rate-limit';
import type { Limiter } from '../kernel/shared-state';
import type { Services } from '../kernel/services';
import type { SiteSettings } from '../../domain/settings';
import type { ChatEndpoint, FetchLike } from './provider';

export interface AssistantOptions {
  /** The installation's chat-completions address (a tenant's settings may name another). */
  url?: string | undefined;
  model?: string | undefined;
  /** The provider's key: MASTHEAD_ASSISTANT_KEY, read by cli/ only. */
  key?: string | undefined;
  timeoutMs?: number;
  /** Calls per staff user and tenant (default 30 an hour). */
  perUser?: LimitRule;
  fetch?: FetchLike;
}

/**
 * The model name of the demo's built-in stand-in (cli/assistant-stand-in.ts): an endpoint on a
 * loopback address asked for this model is shown on /admin/openai as the stand-in it is.
 */
export const STAND_IN_MODEL = 'masthead-stand-in';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const DEFAULT_ASSISTANT_TIMEOUT_MS = 20_000;
export const DEFAULT_ASSISTANT_LIMIT: LimitRule = { max: 30, windowMs: 3_600_000 };

interface Configured { options: AssistantOptions; limiter: Limiter }
const configured = new WeakMap<Services, Configured>();

export function configureAssistant(services: Services, options: AssistantOptions = {}): void {
  const limiter = services.shared.limiter('assistant-user', options.perUser ?? DEFAULT_ASSISTANT_LIMIT, services.now);
  configured.set(services, { options, limiter });
}

function of(services: Services): Configured {
  let c = configured.get(services);
  if (!c) {
    configureAssistant(services);
    c = configured.get(services)!;
  }
  return c;
}

export function assistantLimiter(services: Services): Limiter {
  return of(services).limiter;
}

export function assistantFetch(services: Services): FetchLike | undefined {
  return of(services).options.fetch;
}

export interface EffectiveAssistant {
  endpoint: ChatEndpoint | null;
  /** Where the URL comes from. */
  source: 'site' | 'installation' | null;
  standIn: boolean;
  sendGatedBodies: boolean;
}

/** The tenant's endpoint: its settings' URL and model over the installation's; off without both. */
export function effectiveAssistant(services: Services, settings: Pick<SiteSettings, 'assistant'>): EffectiveAssistant {
  const o = of(services).options;
  const site = settings.assistant;
  const url = site?.url ?? o.url;
  const model = site?.model ?? o.model;
  const source = site?.url ? 'site' : o.url ? 'installation' : null;
  const sendGatedBodies = site?.sendGatedBodies ?? false;
  if (!url || !model) return { endpoint: null, source, standIn: false, sendGatedBodies };
  return {
    endpoint: { url, model, key: o.key, timeoutMs: o.timeoutMs ?? DEFAULT_ASSISTANT_TIMEOUT_MS },
    source,
    standIn: model === STAND_IN_MODEL && LOOPBACK.has(new URL(url).hostname),
    sendGatedBodies,
  };
}
