// The chat-completions client (issue 42): one POST of { model, messages } to an OpenAI-compatible
// endpoint (OpenAI, Azure OpenAI, a self-hosted server), answering choices[0].message.content.
// Every failure — a refused connection, an error status, a timeout, an answer without a message —
// becomes ASSISTANT_PROVIDER_FAILED with a reason fit to show staff (never the key).
import { AppError } from '../../domain/errors';

export interface ChatMessage { role: 'system' | 'user' | 'assistant'; content: string }

export interface ChatEndpoint {
  /** The full chat-completions address, e.g. https://api.openai.com/v1/chat/completions. */
  url: string;
  model: string;
  key?: string | undefined;
  timeoutMs: number;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Azure OpenAI takes the key in `api-key`; everyone else (OpenAI, self-hosted servers) as a bearer token. */
function authHeaders(url: string, key: string | undefined): Record<string, string> {
  if (!key) return {};
  const azure = /\.openai\.azure\.com$/i.test(new URL(url).hostname);
  return azure ? { 'api-key': key } : { authorization: `Bearer ${key}` };
}

const MAX_ANSWER = 20_000;

export async function chatCompletion(endpoint: ChatEndpoint, messages: ChatMessage[], fetchImpl: FetchLike = fetch): Promise<string> {
  let res: Response;
  try {
    res = await fetchImpl(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...authHeaders(endpoint.url, endpoint.key) },
      body: JSON.stringify({ model: endpoint.model, messages, temperature: 0.4 }),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (e) {
    const name = (e as Error).name;
    const reason = name === 'TimeoutError' || name === 'AbortError'
      ? `no answer within ${Math.round(endpoint.timeoutMs / 1000)} seconds`
      : 'the endpoint could not be reached';
    throw new AppError('ASSISTANT_PROVIDER_FAILED', { reason }, { cause: e });
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' ? `no answer within ${Math.round(endpoint.timeoutMs / 1000)} seconds` : `it answered ${res.status} without JSON`;
    throw new AppError('ASSISTANT_PROVIDER_FAILED', { reason }, { cause: e });
  }
  if (!res.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    const detail = typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
    throw new AppError('ASSISTANT_PROVIDER_FAILED', { reason: `it answered HTTP ${res.status}${detail}` });
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new AppError('ASSISTANT_PROVIDER_FAILED', { reason: 'its answer held no message' });
  }
  return content.slice(0, MAX_ANSWER);
}
