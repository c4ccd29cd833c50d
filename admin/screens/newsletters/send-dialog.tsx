// The confirmations of 'Send test' (to the template's default testers) and 'Deploy' (to the
// newsletter's subscribers; a Sent campaign is sent again only when asked), with a toast of what
// the send did.
import { useState } from 'react';
import * as api from '../../data/api';
import type { NewsletterCampaignRecord, NewsletterSendSummary, NewsletterTemplateRecord } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { CheckboxField } from '../../components/fields';

/** The toast text of a finished send. */
export function sendSummaryText(s: NewsletterSendSummary): string {
  const what = s.kind === 'test' ? 'Test' : 'Campaign';
  const noun = (n: number) => `${n} ${n === 1 ? 'recipient' : 'recipients'}`;
  if (s.recipients === 0) return `${what} not sent: there are no recipients.`;
  if (s.failed === 0) return `${what} sent to ${noun(s.sent)}.`;
  const first = s.failures[0];
  return `${what} sent to ${noun(s.sent)}; ${s.failed} failed${first ? ` (${first.email}: ${first.error})` : ''}.`;
}

export function SendDialog({ kind, campaign, template, tenantKey, onClose, onSent }: {
  kind: 'test' | 'deploy'; campaign: NewsletterCampaignRecord; template: NewsletterTemplateRecord | null; tenantKey: string; onClose: () => void; onSent: () => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [force, setForce] = useState(false);
  const testers = template?.defaultTesters ?? [];
  const alreadySent = campaign.audienceStatus === 'Sent' || campaign.audienceStatus === 'Sending';
  const blocked = kind === 'test' ? testers.length === 0 : alreadySent && !force;
  const run = async () => {
    setBusy(true);
    try {
      const s = kind === 'test' ? await api.sendNewsletterTest(campaign.id, tenantKey) : await api.deployNewsletterCampaign(campaign.id, force, tenantKey);
      if (s.failed > 0 || s.recipients === 0) toast.error(sendSummaryText(s));
      else toast.success(sendSummaryText(s));
      onSent();
    } catch (e) {
      toast.error(errorText(e));
      setBusy(false);
    }
  };
  const title = kind === 'test' ? 'Send a test?' : 'Deploy this campaign?';
  return (
    <Dialog title={title} onClose={onClose} width={480}
      footer={<><Button onClick={onClose}>Cancel</Button><Button variant={kind === 'test' ? 'primary' : 'danger'} busy={busy} disabled={blocked} onClick={() => void run()} data-autofocus>{kind === 'test' ? 'Send test' : 'Deploy now'}</Button></>}>
      {kind === 'test' ? (
        testers.length > 0 ? (
          <div className="stack stack-tight">
            <p>A test copy of <strong>{campaign.name}</strong> goes to the template’s default testers:</p>
            <ul className="nl-testers">{testers.map((t) => <li key={t.emailAddress}>{t.firstName} {t.lastName} <span className="muted">&lt;{t.emailAddress}&gt;</span></li>)}</ul>
          </div>
        ) : <p>The template <strong>{template?.name ?? ''}</strong> has no default testers. Add them to the template first.</p>
      ) : (
        <div className="stack stack-tight">
          <p><strong>{campaign.name}</strong> will be emailed to every subscriber of the template’s newsletter. This cannot be undone.</p>
          {alreadySent ? <CheckboxField label="Send it again" hint={`This campaign is ${campaign.audienceStatus}.`} checked={force} onChange={setForce} /> : null}
        </div>
      )}
    </Dialog>
  );
}
