// /admin/create-newsletter-campaign and /admin/edit-newsletter-campaign/:id: the campaign's fields,
// the grid editor (admin §3.8) and the live preview side by side; 'Send test' mails the template's
// default testers and 'Deploy' the newsletter's subscribers, each after a confirmation.
import { useState } from 'react';
import { hasAnyPermission } from '../../../engine/domain/permissions';
import * as api from '../../data/api';
import type { NewsletterCampaignRecord, NewsletterTemplateRecord, NewsletterTemplateSummary, SectionNode } from '../../data/types';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import type { Params } from '../../lib/path-match';
import { Button } from '../../components/button';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { NotFound } from '../not-found';
import { CampaignGridEditor } from './campaign-grid-editor';
import { CampaignPreview } from './campaign-preview';
import { EDITABLE_STATUSES, emptyCampaign, fromCampaign, gridErrorLines, toCampaignInput, validateCampaign, type CampaignForm } from './campaign-form';
import { AudienceBadge } from './campaigns';
import { SendDialog } from './send-dialog';
import { ListTable } from '../../components/list-table';
import { useEditorSave } from '../../lib/use-editor-save';

export default function CampaignEditScreen({ params }: { params: Params }) {
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => {
    const [campaign, templates, sections] = await Promise.all([
      id ? api.getNewsletterCampaign(id) : Promise.resolve(null), api.getNewsletterTemplateStream(), api.getWebsiteSectionsHierarchy(),
    ]);
    return { campaign, templates, sections, tenantKey: tenantKey as string };
  }, [id]);
  if (params.id !== undefined && id === null) return <NotFound path={`/admin/edit-newsletter-campaign/${params.id}`} />;
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Newsletter campaign"><ErrorPanel message={loaded.error ?? 'Not found'} onRetry={loaded.reload} /></Page>;
  const d = loaded.data;
  return <CampaignEditor key={d.campaign ? `${d.campaign.updatedAt}:${d.campaign.sends.length}:${d.campaign.audienceStatus}` : 'new'} id={id} campaign={d.campaign} templates={d.templates} sections={d.sections} pinnedTenant={d.tenantKey} onReload={loaded.reload} />;
}

function CampaignEditor({ id, campaign, templates, sections, pinnedTenant, onReload }: {
  id: number | null; campaign: NewsletterCampaignRecord | null; templates: NewsletterTemplateSummary[]; sections: SectionNode[]; pinnedTenant: string; onReload: () => void;
}) {
  const { permissions } = useSession();
  const canEdit = hasAnyPermission(permissions, ['manage_newsletter_campaigns']);
  const initial = campaign ? fromCampaign(campaign) : emptyCampaign(templates.length === 1 ? (templates[0] as NewsletterTemplateSummary).id : null);
  const form = useForm<CampaignForm>(initial, validateCampaign);
  const toast = useToast();
  const navigate = useNavigate();
  const [sending, setSending] = useState<'test' | 'deploy' | null>(null);
  const v = form.values;
  const template = useAsync<NewsletterTemplateRecord | null>(() => (v.templateId ? api.getNewsletterTemplate(v.templateId) : Promise.resolve(null)), [v.templateId]);
  const options = templates.map((t) => ({ value: String(t.id), label: t.name }));
  if (v.templateId !== null && !templates.some((t) => t.id === v.templateId)) {
    options.push({ value: String(v.templateId), label: `${template.data?.name ?? `Template ${v.templateId}`} (inactive)` });
  }

  const { busy, save } = useEditorSave(form, {
    enabled: canEdit,
    onInvalid: () => toast.error('Please fix the highlighted fields.'),
    action: async () => {
      const input = toCampaignInput(v);
      const saved = id ? await api.updateNewsletterCampaign(id, input, pinnedTenant) : await api.createNewsletterCampaign(input, pinnedTenant);
      form.reset(saved ? fromCampaign(saved) : v);
      toast.success(id ? 'Campaign saved.' : 'Campaign created.');
      if (!id && saved?.id) navigate(`/admin/edit-newsletter-campaign/${saved.id}`, { replace: true });
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const gridLines = gridErrorLines(form.errors);
  const sendBlocked = !id ? 'Save the campaign first.' : form.dirty ? 'Save your changes first: sends use the saved campaign.' : null;

  return (
    <Page title={id ? v.name || 'Untitled campaign' : 'New campaign'} eyebrow={campaign ? <AudienceBadge status={campaign.audienceStatus} listed={campaign.listed} /> : 'Newsletter campaign'}
      back={{ href: '/admin/newsletter-campaigns', label: 'Campaigns' }} width="full"
      actions={canEdit ? (
        <>
          {id ? <Button icon="eye" disabled={Boolean(sendBlocked)} title={sendBlocked ?? undefined} onClick={() => setSending('test')}>Send test</Button> : null}
          {id ? <Button icon="external" disabled={Boolean(sendBlocked)} title={sendBlocked ?? undefined} onClick={() => setSending('deploy')}>Deploy</Button> : null}
          <Button variant="primary" busy={busy} onClick={() => void save()}>{id ? 'Save' : 'Create campaign'}</Button>
        </>
      ) : null}>
      <div className="nl-campaign">
        <form className="nl-campaign-main" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Campaign">
          <fieldset className="plain stack-lg" disabled={!canEdit}>
            <Card title="Campaign">
              <div className="stack">
              <div className="grid-2">
                <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" className="span-2" />
                <SelectField label="Template" required value={v.templateId === null ? null : String(v.templateId)} options={options} hint="Only active templates are offered."
                  onChange={(x) => x && form.set('templateId', Number(x))} error={form.error('templateId')} field="templateId" />
                <TextField label="Deployment date" type="datetime-local" value={v.deploymentDate} onChange={(x) => form.set('deploymentDate', x)} error={form.error('deploymentDate')} field="deploymentDate"
                  hint="The header date, and the day ads are chosen for." />
                <TextField label="Subject" value={v.subject} placeholder={template.data?.deploymentSettings.defaultSubject || 'The template’s default subject'} onChange={(x) => form.set('subject', x)} onBlur={() => form.touch('subject')} error={form.error('subject')} field="subject" className="span-2" />
                <TextField label="Preheader" value={v.preheader} placeholder={template.data?.preheaderBlurb || 'The template’s preheader blurb'} onChange={(x) => form.set('preheader', x)} error={form.error('preheader')} field="preheader" className="span-2" />
                <TextField label="From" value={v.fromAddress} placeholder={template.data?.deploymentSettings.defaultFrom || 'The template’s default sender'} onChange={(x) => form.set('fromAddress', x)} error={form.error('fromAddress')} field="fromAddress" />
                {(EDITABLE_STATUSES as readonly string[]).includes(v.audienceStatus) ? (
                  <SelectField label="Status" required value={v.audienceStatus} options={EDITABLE_STATUSES.map((s) => ({ value: s, label: s }))} onChange={(x) => x && form.set('audienceStatus', x)}
                    hint={v.audienceStatus === 'Scheduled' ? 'Sent to the audience automatically at the deployment date.' : undefined} />
                ) : <div className="field"><span className="field-label">Status</span><AudienceBadge status={v.audienceStatus} listed={campaign?.listed ?? false} /></div>}
              </div>
              <CheckboxField label="Hidden on web" hint="Sent campaigns are listed on the site unless hidden." checked={v.hiddenOnWeb} onChange={(x) => form.set('hiddenOnWeb', x)} />
              </div>
            </Card>
            <Card title="Content" description="Rows of one or two columns; blocks fill top to bottom.">
              <CampaignGridEditor grid={v.grid} sections={sections} readOnly={!canEdit} onChange={(g) => form.set('grid', g)} />
              {gridLines.length > 0 && form.error('grid') !== undefined ? <p className="field-error">{gridLines[0]}</p> : null}
            </Card>
            {campaign && campaign.sends.length > 0 ? <SendsCard campaign={campaign} /> : null}
          </fieldset>
          <button type="submit" hidden>Save</button>
        </form>
        <div className="nl-campaign-side">
          <CampaignPreview id={id} form={v} tenantKey={pinnedTenant} />
        </div>
      </div>
      {sending && id && campaign ? (
        <SendDialog kind={sending} campaign={campaign} template={template.data ?? null} tenantKey={pinnedTenant} onClose={() => setSending(null)} onSent={() => { setSending(null); onReload(); }} />
      ) : null}
    </Page>
  );
}

function SendsCard({ campaign }: { campaign: NewsletterCampaignRecord }) {
  return (
    <Card title="Sends">
      <ListTable caption="Sends of this campaign" columns={['Kind', 'Started', 'Recipients', 'Sent', 'Failed']} actions={false}>
            {campaign.sends.map((s, i) => (
              <tr key={i}><td>{s.kind === 'test' ? 'Test' : 'Deploy'}</td><td>{new Date(s.startedAt).toLocaleString('en-US')}</td><td>{s.recipients}</td><td>{s.sent}</td><td>{s.failed}</td></tr>
            ))}
      </ListTable>
    </Card>
  );
}
