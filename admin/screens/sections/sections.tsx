// /admin/website-sections, /admin/create-website-section, /admin/edit-website-section/:id: the
// section tree (3 levels) beside the section form.
import { hasAnyPermission } from '../../../engine/domain/permissions';
import { sectionPath } from '../../../engine/domain/paths';
import * as api from '../../data/api';
import { flattenTree, parentOptions } from '../../data/sections';
import type { SectionNode } from '../../data/types';
import { useSession } from '../../app/session';
import { publicOrigin, useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { Link, useLeaveGuard, useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import type { Params } from '../../lib/path-match';
import { Button } from '../../components/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { Icon } from '../../components/icons';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { effectiveAlias, emptySection, fromSection, toSectionWrite, validateSection } from './section-form';
import { useBusy } from '../../lib/use-busy';

export default function SectionsScreen({ params }: { params: Params }) {
  const { permissions } = useSession();
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const search = useSearchParams();
  const canEdit = hasAnyPermission(permissions, ['manage_site_sections']);
  const tree = useAsync(async () => ({ nodes: await api.getWebsiteSectionsHierarchy(), tenantKey: tenantKey as string }), []);
  const creating = pathname.startsWith('/admin/create-website-section');
  const id = params.id ? Number(params.id) : null;

  const nodes = tree.data?.nodes ?? [];
  const selected = id ? flattenTree(nodes).find((s) => s.id === id) : undefined;
  return (
    <Page
      title="Website sections"
      actions={canEdit ? <Link className="btn btn-primary" href="/admin/create-website-section"><Icon name="plus" size={18} /><span>New section</span></Link> : null}
    >
      {tree.loading ? <Loading /> : tree.error ? <ErrorPanel message={tree.error} onRetry={tree.reload} /> : (
        <div className="split-pane">
          <Card title="Tree" description="Up to three levels." className="tree-card">
            {nodes.length === 0 ? <p className="muted">No sections yet.</p> : <Tree nodes={nodes} selected={id} />}
          </Card>
          <div className="split-detail">
            {creating ? (
              <SectionEditor key={`new-${search.get('parent') ?? ''}`} nodes={nodes} section={null} tenantKey={tree.data?.tenantKey ?? ''} canEdit={canEdit} parentId={search.get('parent') ?? ''} onSaved={tree.reload} />
            ) : selected ? (
              <SectionEditor key={selected.id} nodes={nodes} section={selected} tenantKey={tree.data?.tenantKey ?? ''} canEdit={canEdit} onSaved={tree.reload} />
            ) : id ? (
              <EmptyState icon="alert" title="Section not found">Page not found: /admin/edit-website-section/{id}</EmptyState>
            ) : (
              <EmptyState icon="sections" title="Choose a section">Pick a section in the tree to see or change it{canEdit ? ', or create a new one' : ''}.</EmptyState>
            )}
          </div>
        </div>
      )}
    </Page>
  );
}

function Tree({ nodes, selected }: { nodes: SectionNode[]; selected: number | null }) {
  return (
    <ul className="tree">
      {nodes.map((n) => (
        <li key={n.id}>
          <Link href={`/admin/edit-website-section/${n.id}`} className={`tree-link${n.id === selected ? ' tree-link-active' : ''}`} aria-current={n.id === selected ? 'page' : undefined}>
            <span className="tree-name">{n.name}</span>
            <span className="tree-alias">/{n.alias}</span>
          </Link>
          {n.children.length > 0 ? <Tree nodes={n.children} selected={selected} /> : null}
        </li>
      ))}
    </ul>
  );
}

function SectionEditor({ nodes, section, tenantKey, canEdit, parentId = '', onSaved }: {
  nodes: SectionNode[]; section: SectionNode | null; tenantKey: string; canEdit: boolean; parentId?: string; onSaved: () => void;
}) {
  const form = useForm(section ? fromSection(section) : emptySection(parentId), validateSection);
  const toast = useToast();
  const navigate = useNavigate();
  const publish = usePublish();
  const { tenants } = useTenant();
  const { busy, run } = useBusy();
  useLeaveGuard(form.dirty && !busy);
  const v = form.values;
  const parents = parentOptions(nodes, section?.id ?? null);
  const parent = flattenTree(nodes).find((s) => String(s.id) === v.parentId);
  const alias = effectiveAlias(v, parent);
  const origin = publicOrigin(tenants.find((t) => t.tenantKey === tenantKey) ?? null);

  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const write = toSectionWrite(v);
      const saved = await publish.track(v.name, tenantKey, () => (section ? api.updateWebsiteSection(section.id, write, tenantKey) : api.createWebsiteSection(write, tenantKey)),
        (a) => (origin ? `${origin}${sectionPath(a?.alias ?? alias)}` : null));
      form.reset(v);
      toast.success(section ? 'Section saved.' : 'Section created.');
      onSaved();
      if (!section && saved?.id) navigate(`/admin/edit-website-section/${saved.id}`, { replace: true });
    }, (e) => toast.error(errorText(e)));
  };

  return (
    <Card title={section ? section.name : 'New section'} description={section ? `Section ${section.id}` : 'Add a section to the tree.'}
      actions={canEdit ? <Button variant="primary" busy={busy} onClick={() => void save()}>{section ? 'Save' : 'Create section'}</Button> : null}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
        <fieldset className="plain" disabled={!canEdit}>
          <div className="stack">
            <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" />
            <SelectField label="Parent" value={v.parentId} placeholder="None (top level)" options={parents.map((p) => ({ value: String(p.id), label: p.fullName }))} onChange={(x) => form.set('parentId', x ?? '')} hint="Sections nest at most three levels deep." />
            <div className="alias-box">
              <TextField label="System alias" value={section && !v.manualAlias ? (v.name === section.name && v.parentId === String(section.parentId ?? '') ? section.systemAlias : alias) : effectiveAlias({ ...v, manualAlias: false }, parent)} onChange={() => undefined} readOnly hint="Derived from the names of the section and its parents." />
              <CheckboxField label="Set the alias manually" checked={v.manualAlias} onChange={(x) => form.set('manualAlias', x)} />
              {v.manualAlias ? (
                <TextField label="Alias" required value={v.alias} placeholder="news/markets" onChange={(x) => form.set('alias', x)} onBlur={() => form.touch('alias')} error={form.error('alias')} field="alias" hint="Lower-case path segments, like news/markets." />
              ) : null}
              {alias ? <p className="field-hint">Public address: <code>{sectionPath(alias)}</code></p> : null}
            </div>
            <TextAreaField label="Description" value={v.description} onChange={(x) => form.set('description', x)} error={form.error('description')} />
            <TextField label="GAM alias" value={v.gamAlias} onChange={(x) => form.set('gamAlias', x)} hint="Passed to ad units in place of the alias." error={form.error('gamAlias')} />
          </div>
        </fieldset>
        <button type="submit" hidden>Save</button>
      </form>
    </Card>
  );
}
