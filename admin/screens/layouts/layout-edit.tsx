// /admin/create-web-layout and /admin/edit-web-layout/:id: the layout's fields (shown by type,
// admin §3.1) beside the visual grid editor.
import { LAYOUT_AD_EXCLUSIONS, LAYOUT_TYPES, LOAD_MORE_TYPES, type LayoutType } from '../../../engine/domain/enums';
import { hasAnyPermission } from '../../../engine/domain/permissions';
import * as api from '../../data/api';
import { flattenTree } from '../../data/sections';
import type { LayoutDetail, SectionNode } from '../../data/types';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import type { Params } from '../../lib/path-match';
import { Button, IconButton } from '../../components/button';
import { CheckboxField, CheckboxGroup, SelectField, TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { NotFound } from '../not-found';
import { GridEditor } from './grid-editor';
import { useEditorSave } from '../../lib/use-editor-save';
import { CONTENT_TYPE_OPTIONS } from '../../lib/content-labels';
import {
  LAYOUT_TYPE_LABELS, MODULE_KEYS, emptyLayout, fromLayout, toLayoutWrite, validateLayout, visibleFields, type LayoutForm,
} from './layout-form';

const AD_LABELS: Record<string, string> = {
  welcomeAd: 'Welcome ad', headerLeaderboardAd: 'Header leaderboard', stickyLeaderboardAd: 'Sticky leaderboard',
  contentBodyNativeAd: 'Content body native', contentBodyEmbedAd: 'Content body embed', contentListNativeAd: 'Content list native', reskinAd: 'Reskin',
};

export default function LayoutEditScreen({ params }: { params: Params }) {
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => {
    const [layout, sections] = await Promise.all([id ? api.getLayout(id) : Promise.resolve(null), api.getWebsiteSectionsHierarchy()]);
    return { layout, sections, tenantKey: tenantKey as string };
  }, [id]);
  if (params.id !== undefined && id === null) return <NotFound path={`/admin/edit-web-layout/${params.id}`} />;
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Layout"><ErrorPanel message={loaded.error ?? 'Not found'} onRetry={loaded.reload} /></Page>;
  if (id && !loaded.data.layout) return <NotFound path={`/admin/edit-web-layout/${id}`} />;
  return <LayoutEditor id={id} layout={loaded.data.layout} sections={loaded.data.sections} pinnedTenant={loaded.data.tenantKey} />;
}

function LayoutEditor({ id, layout, sections, pinnedTenant }: { id: number | null; layout: LayoutDetail | null; sections: SectionNode[]; pinnedTenant: string }) {
  const { permissions, user } = useSession();
  const { tenants } = useTenant();
  const canEdit = hasAnyPermission(permissions, ['manage_site_layouts']);
  const form = useForm<LayoutForm>(layout ? fromLayout(layout) : emptyLayout(pinnedTenant), validateLayout);
  const toast = useToast();
  const navigate = useNavigate();
  const publish = usePublish();
  const v = form.values;
  const show = visibleFields(v.type, v.propagate, v.isGlobal);

  const { busy, save } = useEditorSave(form, {
    enabled: canEdit,
    onInvalid: () => toast.error('Please fix the highlighted fields.'),
    action: async () => {
      const write = toLayoutWrite(v);
      const saved = await publish.track(v.name, pinnedTenant, () => (id ? api.updateLayout(id, write, pinnedTenant) : api.createLayout(write, pinnedTenant)));
      form.reset(v);
      toast.success(id ? 'Layout saved.' : 'Layout created.');
      if (!id && saved?.id) navigate(`/admin/edit-web-layout/${saved.id}`, { replace: true });
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const setAlias = (i: number, value: string) => form.set('aliases', v.aliases.map((a, j) => (j === i ? value : a)));
  return (
    <Page title={id ? v.name || 'Untitled layout' : 'New layout'} eyebrow={v.type ? LAYOUT_TYPE_LABELS[v.type] : 'Layout'} back={{ href: '/admin/layouts', label: 'Layouts' }} width="full"
      actions={canEdit ? <Button variant="primary" busy={busy} onClick={() => void save()}>Save</Button> : null}>
      <form className="layout-editor" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Layout">
        <fieldset className="plain layout-fields" disabled={!canEdit}>
          <Card title="Layout">
            <div className="stack">
              <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" />
              <SelectField label="Type" required value={v.type} options={LAYOUT_TYPES.map((t) => ({ value: t, label: LAYOUT_TYPE_LABELS[t] }))} onChange={(x) => x && form.set('type', x as LayoutType)} error={form.error('type')} field="type" />
              {show.has('key') ? <SelectField label="Module" required value={v.key} options={MODULE_KEYS} onChange={(x) => x && form.set('key', x)} error={form.error('key')} field="key" /> : null}
              {show.has('aliases') ? (
                <fieldset className="field">
                  <legend className="field-label">Paths<span className="field-required" aria-hidden="true"> *</span></legend>
                  <div className="stack stack-tight">
                    {v.aliases.map((a, i) => (
                      <div key={i} className="row-inline">
                        <TextField label={`Path ${i + 1}`} className="grow label-hidden" value={a} placeholder="/events" onChange={(x) => setAlias(i, x)} error={i === 0 ? form.error('aliases.0') ?? form.error('aliases') : undefined} field={`aliases.${i}`} />
                        {v.aliases.length > 1 ? <IconButton icon="trash" label={`Remove path ${i + 1}`} onClick={() => form.set('aliases', v.aliases.filter((_, j) => j !== i))} /> : null}
                      </div>
                    ))}
                    <Button size="sm" icon="plus" onClick={() => form.set('aliases', [...v.aliases, ''])}>Add path</Button>
                  </div>
                </fieldset>
              ) : null}
              {show.has('propagate') ? <CheckboxField label="Propagate to pages below these paths" checked={v.propagate} onChange={(x) => form.set('propagate', x)} /> : null}
              {show.has('pageType') ? <SelectField label="Page type" required={v.type === 'url-override'} placeholder="Any" value={v.pageType} options={[{ value: 'home', label: 'Home' }, { value: 'section', label: 'Section' }, { value: 'content', label: 'Content' }, { value: 'issue', label: 'Magazine issue' }, { value: 'publication', label: 'Magazine publication' }]} onChange={(x) => x && form.set('pageType', x)} error={form.error('pageType')} field="pageType" /> : null}
              {show.has('contentIds') ? <TextField label="Content ids" required value={v.contentIds} placeholder="10100001, 10100002" onChange={(x) => form.set('contentIds', x)} error={form.error('contentIds')} field="contentIds" /> : null}
              {show.has('sectionIds') ? (
                <CheckboxGroup legend="Sections (none means every section)" columns={1} options={flattenTree(sections).map((s) => ({ value: String(s.id), label: s.fullName }))} value={v.sectionIds.map(String)} onChange={(x) => form.set('sectionIds', x.map(Number))} />
              ) : null}
              {show.has('gatingRequirements') ? <SelectField label="Gating requirements" value={v.gatingRequirements} placeholder="None" options={[{ value: 'omeda', label: 'Omeda' }, { value: 'membership', label: 'Membership' }]} onChange={(x) => form.set('gatingRequirements', x ?? '')} /> : null}
              {show.has('loadMoreType') ? <SelectField label="Load more" required value={v.loadMoreType} options={LOAD_MORE_TYPES.map((t) => ({ value: t, label: t === 'none' ? 'None' : t.replace('-', ' ') }))} onChange={(x) => x && form.set('loadMoreType', x)} /> : null}
            </div>
          </Card>
          {show.has('contentTypes') ? (
            <Card title="Content types"><CheckboxGroup legend="Applies to" required columns={2} options={CONTENT_TYPE_OPTIONS} value={v.contentTypes} onChange={(x) => form.set('contentTypes', x)} error={form.error('contentTypes')} field="contentTypes" /></Card>
          ) : null}
          <Card title="Scope">
            <div className="stack">
              <CheckboxField label="Global layout" hint="Shared by every site." checked={v.isGlobal} disabled={!user?.isGlobal} onChange={(x) => form.set('isGlobal', x)} />
              {show.has('tenants') ? <p className="field-hint">Used by <strong>{tenants.find((t) => t.tenantKey === pinnedTenant)?.name ?? pinnedTenant}</strong> only.</p> : null}
            </div>
          </Card>
          {show.has('hideHeader') || show.has('excludeAds') ? (
            <Card title="Page chrome and ads">
              <div className="stack stack-tight">
                {show.has('hideHeader') ? <CheckboxField label="Hide header" checked={v.hideHeader} onChange={(x) => form.set('hideHeader', x)} /> : null}
                {show.has('hideFooter') ? <CheckboxField label="Hide footer" checked={v.hideFooter} onChange={(x) => form.set('hideFooter', x)} /> : null}
                {show.has('excludeAds') ? (
                  <CheckboxGroup legend="Exclude ads" columns={1} options={LAYOUT_AD_EXCLUSIONS.map((k) => ({ value: k, label: AD_LABELS[k] ?? k }))} value={LAYOUT_AD_EXCLUSIONS.filter((k) => v.excludeAds[k])}
                    onChange={(x) => form.set('excludeAds', Object.fromEntries(x.map((k) => [k, true])))} />
                ) : null}
              </div>
            </Card>
          ) : null}
        </fieldset>
        <div className="layout-grid">
          <Card title="Grid" description="Rows, columns and blocks of the page, top to bottom.">
            <GridEditor grid={v.primaryGrid} sections={sections} readOnly={!canEdit} onChange={(g) => form.set('primaryGrid', g)} />
            {Object.keys(form.errors).some((k) => k.startsWith('primaryGrid')) ? <p className="field-error">The grid has an error: {Object.entries(form.errors).find(([k]) => k.startsWith('primaryGrid'))?.[1]}</p> : null}
          </Card>
        </div>
        <button type="submit" hidden>Save</button>
      </form>
    </Page>
  );
}
