// The content editor's assistant card (issue 42): buttons that ask for headlines, a teaser, an SEO
// description or tags of the saved item; each suggestion is only offered — "Use" fills the form
// field (tags: adds a term of the site's taxonomy) and nothing is saved until the editor saves.
import { useState } from 'react';
import * as api from '../../data/api-assistant';
import { errorText } from '../../app/toasts';
import { Link } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import type { FormApi } from '../../lib/use-form';
import { Button } from '../../components/button';
import { Card } from '../../shell/page';
import type { ContentForm } from '../content/content-form';
import '../../styles/assistant.css';

const ACTIONS: { action: api.AssistantAction; label: string }[] = [
  { action: 'headlines', label: 'Suggest headlines' },
  { action: 'summary', label: 'Suggest a teaser' },
  { action: 'seoDescription', label: 'Suggest an SEO description' },
  { action: 'tags', label: 'Suggest tags' },
];

export function AssistantCard({ contentId, tenantKey, form }: { contentId: number; tenantKey: string; form: FormApi<ContentForm> }) {
  const status = useAsync(() => api.getAssistantStatus(), []);
  const [result, setResult] = useState<api.AssistantSuggestion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  if (!status.data) return null;
  if (!status.data.configured) {
    return <Card title="Assistant"><p className="muted small">The assistant is off. <Link href="/admin/openai">How to turn it on</Link>.</p></Card>;
  }
  const ask = (action: api.AssistantAction) => run(async () => {
    setError(null);
    setResult(null);
    setResult(await api.suggestForContent(contentId, action, tenantKey));
  }, (e) => setError(errorText(e)));
  const use = (text: string) => {
    if (!result) return;
    if (result.action === 'headlines') form.set('name', text);
    else form.set('teaser', text);
  };
  const target = result?.action === 'headlines' ? 'title' : 'teaser';
  return (
    <Card title="Assistant" description={<>Suggestions from the last saved version{status.data.standIn ? ' (demo stand-in)' : ''}. Nothing changes until you choose one and save.</>}>
      <div className="assistant-actions">
        {ACTIONS.map((a) => <Button key={a.action} size="sm" busy={busy} onClick={() => void ask(a.action)}>{a.label}</Button>)}
      </div>
      {error ? <p className="field-error" role="alert">{error}</p> : null}
      {result ? (
        <div aria-live="polite">
          {result.note ? <p className="muted small">{result.note}</p> : null}
          {result.action === 'tags' ? (
            result.terms.length === 0 ? <p className="muted small">No matching tags in this site's taxonomy.</p> : (
              <ul className="assistant-suggestions" aria-label="Suggested tags">
                {result.terms.map((t) => {
                  const added = form.values.taxonomyIds.includes(t.id);
                  return (
                    <li key={t.id}><span>{t.fullName} <span className="muted small">({t.type})</span></span>
                      <Button size="sm" disabled={added} onClick={() => form.set('taxonomyIds', [...form.values.taxonomyIds, t.id])}>{added ? 'Added' : 'Add'}</Button></li>
                  );
                })}
              </ul>
            )
          ) : (
            <ul className="assistant-suggestions" aria-label="Suggestions">
              {result.suggestions.map((s) => (
                <li key={s}><span>{s}</span><Button size="sm" aria-label={`Use as ${target}: ${s}`} onClick={() => use(s)}>Use</Button></li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Card>
  );
}
