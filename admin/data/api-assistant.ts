// The assistant (/admin/openai, issue 42): its status, the free prompt, the editor's suggestions and
// the log. Same rules as api.ts (one function per operation); a separate file to keep api.ts short.
import { request } from './transport';

export interface AssistantStatus {
  configured: boolean; model: string | null; endpointHost: string | null; source: string | null;
  standIn: boolean; sendsGatedBodies: boolean; howToEnable: string;
}
export type AssistantAction = 'headlines' | 'summary' | 'seoDescription' | 'tags';
export interface AssistantTerm { id: number; name: string; fullName: string; type: string }
export interface AssistantSuggestion {
  action: AssistantAction; contentId: number; model: string; suggestions: string[]; terms: AssistantTerm[]; bodySent: boolean; note: string | null;
}
export interface AssistantLogEntry {
  id: number; createdAt: string; actorUsername: string | null; entityId: string; action: string; contentId: number | null;
  prompt: string; answer: string | null; error: string | null; model: string | null; bodySent: boolean | null;
}

export const getAssistantStatus = () => request<AssistantStatus>('query', 'getAssistantStatus');
export const getAssistantLog = (limit = 20) => request<AssistantLogEntry[]>('query', 'getAssistantLog', { limit });
export const askAssistant = (prompt: string) => request<{ answer: string; model: string }>('mutation', 'askAssistant', { prompt });
export const suggestForContent = (contentId: number, action: AssistantAction, tenantKey?: string) =>
  request<AssistantSuggestion>('mutation', 'suggestForContent', { input: { contentId, action } }, tenantKey ? { tenantKey } : {});
