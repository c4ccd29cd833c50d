// /admin/openai (issue 42): the assistant's status for this site (configured or not, the model, the
// endpoint's host, whether it is the demo's stand-in), a free prompt box, and the recent prompts and
// answers (every one is also a history row). manage_content, like the editor's suggestion buttons.
import { useState } from 'react';
import * as api from '../../data/api-assistant';
import { errorText } from '../../app/toasts';
import { Link } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate, relativeTime } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';
import '../../styles/assistant.css';

const ACTION_LABEL: Record<string, string> = {
  prompt: 'Prompt', 'suggest:headlines': 'Headlines', 'suggest:summary': 'Teaser', 'suggest:seoDescription': 'SEO description', 'suggest:tags': 'Tags',
};
const MAX_PROMPT = 4000;

export default function AssistantScreen() {
  const status = useAsync(() => api.getAssistantStatus(), []);
  const log = useAsync(() => api.getAssistantLog(20), []);
  if (status.loading && !status.data) return <Page title="Assistant"><Loading /></Page>;
  if (status.error || !status.data) return <Page title="Assistant"><ErrorPanel message={status.error ?? 'Not available'} onRetry={status.reload} /></Page>;
  const s = status.data;
  return (
    <Page title="Assistant">
      <StatusCard status={s} />
      {s.configured ? <PromptCard onAsked={log.reload} /> : null}
      <Card title="Recent prompts and answers" description={<>Every prompt and answer is also kept in the <Link href="/admin/history?type=assistant">history</Link>.</>}>
        {log.error ? <ErrorPanel message={log.error} onRetry={log.reload} /> : (log.data?.length ?? 0) === 0 ? <p className="muted">Nothing asked yet.</p> : (
          <ListTable caption="Recent prompts and answers" actions={false} loading={log.loading} columns={['When', 'Who', 'Action', 'Prompt', 'Answer']}>
            {log.data?.map((e) => (
              <tr key={e.id}>
                <td><time dateTime={e.createdAt} title={formatDate(e.createdAt, true)}>{relativeTime(e.createdAt)}</time></td>
                <td>{e.actorUsername ?? 'Command line'}</td>
                <td>{ACTION_LABEL[e.action] ?? e.action}{e.contentId ? <> · <Link href={`/admin/edit-content/${e.contentId}`}>#{e.contentId}</Link></> : null}{e.bodySent === false ? <> <Badge tone="violet">title and teaser only</Badge></> : null}</td>
                <td className="assistant-text">{clip(e.prompt)}</td>
                <td className="assistant-text">{e.error ? <span className="field-error">{e.error}</span> : clip(e.answer ?? '')}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </Card>
    </Page>
  );
}

const clip = (s: string) => (s.length > 240 ? `${s.slice(0, 240)}…` : s);

function StatusCard({ status: s }: { status: api.AssistantStatus }) {
  if (!s.configured) {
    return (
      <Card title="Status">
        <EmptyState icon="tool" title="The assistant is not configured">
          Editors' suggestion buttons and the prompt box stay off until a chat-completions endpoint is set. {s.howToEnable}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="Status">
      <dl className="assistant-status">
        <dt>State</dt><dd><Badge tone="green">Configured</Badge>{s.standIn ? <> <Badge tone="amber">Demo stand-in</Badge></> : null}</dd>
        <dt>Model</dt><dd className="mono">{s.model}</dd>
        <dt>Endpoint</dt><dd className="mono">{s.endpointHost}{s.source ? <span className="muted"> (from the {s.source === 'site' ? "site's settings" : "server's environment"})</span> : null}</dd>
        <dt>Gated items</dt><dd>{s.sendsGatedBodies ? 'Bodies of gated items are sent (the site settings allow it).' : 'Only the title and teaser of gated items are sent, never their body.'}</dd>
      </dl>
      {s.standIn ? <p className="muted">This is the demo's built-in stand-in, not a language model: it answers from the prompt's own words so the screen works without a network. {s.howToEnable}</p> : null}
    </Card>
  );
}

function PromptCard({ onAsked }: { onAsked: () => void }) {
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState<{ answer: string; model: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const ask = () => run(async () => {
    setError(null);
    if (!prompt.trim()) { setError('prompt: Field is required'); return; }
    setAnswer(await api.askAssistant(prompt));
    onAsked();
  }, (e) => { setError(errorText(e)); onAsked(); });
  return (
    <Card title="Ask the assistant" description="Your prompt and its answer are logged in the history.">
      <form onSubmit={(e) => { e.preventDefault(); void ask(); }} noValidate aria-label="Ask the assistant">
        <TextAreaField label="Prompt" value={prompt} rows={4} maxLength={MAX_PROMPT} onChange={setPrompt} error={error ?? undefined} field="prompt" />
        <div className="form-actions"><Button type="submit" variant="primary" busy={busy}>Ask</Button></div>
      </form>
      {answer ? (
        <section className="assistant-answer" aria-label="Answer" aria-live="polite">
          <h3>Answer <span className="muted small">({answer.model})</span></h3>
          <p className="assistant-text">{answer.answer}</p>
        </section>
      ) : null}
    </Card>
  );
}
