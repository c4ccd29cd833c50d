// /admin/create-newsletter-template and /admin/edit-newsletter-template/:id: every field of admin
// §3.7 in sections, with the schema's defaults and ranges. Holders of only
// manage_newsletter_templates_basic edit looks and texts; who receives the mail (newsletter,
// deployment settings, testers) needs manage_newsletter_templates, as the API enforces.
import { hasAnyPermission } from '../../../engine/domain/permissions';
import * as api from '../../data/api';
import type { NewsletterItemRecord, NewsletterTemplateRecord } from '../../data/types';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import type { Params } from '../../lib/path-match';
import { Button } from '../../components/button';
import { ErrorPanel, Loading } from '../../components/bits';
import { Page } from '../../shell/page';
import { NotFound } from '../not-found';
import { emptyTemplate, fromTemplate, toTemplateInput, toTemplatePatch, validateTemplate, type TemplateForm } from './template-form';
import { TemplateSections, TEMPLATE_SECTIONS } from './template-sections';
import { useEditorSave } from '../../lib/use-editor-save';

export default function TemplateEditScreen({ params }: { params: Params }) {
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => {
    const [template, items] = await Promise.all([id ? api.getNewsletterTemplate(id) : Promise.resolve(null), api.getNewsletterItems()]);
    return { template, items, tenantKey: tenantKey as string };
  }, [id]);
  if (params.id !== undefined && id === null) return <NotFound path={`/admin/edit-newsletter-template/${params.id}`} />;
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Newsletter template"><ErrorPanel message={loaded.error ?? 'Not found'} onRetry={loaded.reload} /></Page>;
  return <TemplateEditor id={id} template={loaded.data.template} items={loaded.data.items} pinnedTenant={loaded.data.tenantKey} />;
}

function TemplateEditor({ id, template, items, pinnedTenant }: { id: number | null; template: NewsletterTemplateRecord | null; items: NewsletterItemRecord[]; pinnedTenant: string }) {
  const { permissions } = useSession();
  const full = hasAnyPermission(permissions, ['manage_newsletter_templates']);
  const canEdit = full || (id !== null && hasAnyPermission(permissions, ['manage_newsletter_templates_basic']));
  const form = useForm<TemplateForm>(template ? fromTemplate(template) : emptyTemplate(), validateTemplate);
  const toast = useToast();
  const navigate = useNavigate();
  const v = form.values;

  const { busy, save } = useEditorSave(form, {
    enabled: canEdit,
    onInvalid: () => toast.error('Please fix the highlighted fields.'),
    action: async () => {
      const saved = id
        ? await api.updateNewsletterTemplate(id, template ? toTemplatePatch(v, template) : toTemplateInput(v), pinnedTenant)
        : await api.createNewsletterTemplate(toTemplateInput(v), pinnedTenant);
      form.reset(saved ? fromTemplate(saved) : v);
      toast.success(id ? 'Template saved.' : 'Template created.');
      if (!id && saved?.id) navigate(`/admin/edit-newsletter-template/${saved.id}`, { replace: true });
    },
    onError: (e) => toast.error(errorText(e)),
  });

  return (
    <Page title={id ? v.name || 'Untitled template' : 'New newsletter template'} eyebrow="Newsletter template" width="full"
      back={{ href: '/admin/newsletter-templates', label: 'Newsletter templates' }}
      actions={canEdit ? <Button variant="primary" busy={busy} onClick={() => void save()}>{id ? 'Save' : 'Create template'}</Button> : null}>
      <div className="nl-editor">
        <nav className="nl-toc" aria-label="Template sections">
          <ol>
            {TEMPLATE_SECTIONS.map((s) => (
              <li key={s.id}><a href={`#${s.id}`} onClick={(e) => { e.preventDefault(); document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' }); }}>{s.label}</a></li>
            ))}
          </ol>
          {!full && canEdit ? <p className="field-hint">Newsletter, deployment and testers need the full template permission.</p> : null}
        </nav>
        <form className="nl-form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Newsletter template">
          <fieldset className="plain stack-lg" disabled={!canEdit}>
            <TemplateSections form={form} items={items} full={full} />
          </fieldset>
          <button type="submit" hidden>Save</button>
        </form>
      </div>
    </Page>
  );
}
