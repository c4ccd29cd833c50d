// What the editor actions ask the provider and how their answers are read (issue 42). Pure: the
// item's text in, messages out; the answer's text in, suggestions out.
import { htmlToText, truncateWords } from '../../domain/text';
import type { ChatMessage } from './provider';

export const ASSISTANT_ACTIONS = ['headlines', 'summary', 'seoDescription', 'tags'] as const;
export type AssistantAction = (typeof ASSISTANT_ACTIONS)[number];

export interface ItemText { title: string; teaser: string; body: string | null }
export interface TermName { id: number; name: string; fullName: string; type: string }

const MAX_BODY_CHARS = 8000;
const MAX_TERMS = 400;
export const SEO_DESCRIPTION_MAX = 160;

const SYSTEM = 'You are an editorial assistant for a business-media publication. Answer with the requested text only, no preamble.';

const ASK: Record<AssistantAction, string> = {
  headlines: 'Suggest 5 headlines for this article, one per line, without numbering or quotes.',
  summary: 'Write a teaser summary of this article in at most 2 sentences (under 175 characters).',
  seoDescription: `Write a search-engine meta description of this article, at most ${SEO_DESCRIPTION_MAX} characters.`,
  tags: 'Choose up to 5 tags for this article from the list of allowed tags below, one per line, exactly as written in the list. Never invent a tag.',
};

export function itemMessages(action: AssistantAction, item: ItemText, terms: readonly TermName[]): ChatMessage[] {
  const parts = [ASK[action], '', `Title: ${item.title}`];
  if (item.teaser.trim()) parts.push(`Teaser: ${htmlToText(item.teaser)}`);
  if (item.body !== null) {
    const body = htmlToText(item.body);
    if (body) parts.push(`Article: ${body.slice(0, MAX_BODY_CHARS)}`);
  }
  if (action === 'tags') parts.push('', 'Allowed tags:', ...terms.slice(0, MAX_TERMS).map((t) => t.fullName));
  return [{ role: 'system', content: SYSTEM }, { role: 'user', content: parts.join('\n') }];
}

export function promptMessages(prompt: string): ChatMessage[] {
  return [{ role: 'system', content: SYSTEM }, { role: 'user', content: prompt }];
}

const lineOf = (l: string) => l.trim().replace(/^(\d+[.)]|[-*•])\s*/, '').replace(/^["'“”]+|["'“”]+$/g, '').trim();

/** The answer's suggestions: lines for headlines, one text otherwise (SEO descriptions cut to fit). */
export function readSuggestions(action: Exclude<AssistantAction, 'tags'>, answer: string): string[] {
  if (action === 'headlines') return [...new Set(answer.split(/\r?\n/).map(lineOf).filter(Boolean))].slice(0, 10);
  const text = answer.replace(/\s+/g, ' ').trim().replace(/^["'“”]+|["'“”]+$/g, '');
  return [action === 'seoDescription' ? truncateWords(text, SEO_DESCRIPTION_MAX) : text];
}

/** Only terms of the tenant: each answered line matched to a term by full name or name, case and spacing aside. */
export function readTerms(answer: string, terms: readonly TermName[]): TermName[] {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const byName = new Map<string, TermName>();
  for (const t of terms) {
    byName.set(norm(t.fullName), t);
    if (!byName.has(norm(t.name))) byName.set(norm(t.name), t);
  }
  const out = new Map<number, TermName>();
  for (const line of answer.split(/\r?\n|,/).map(lineOf)) {
    const t = byName.get(norm(line));
    if (t) out.set(t.id, t);
  }
  return [...out.values()].slice(0, 10);
}
