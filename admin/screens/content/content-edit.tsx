// /admin/create-content/:type and /admin/edit-content/:id: the content editor. The tenant is pinned
// when the document loads and every save goes to that tenant. After a save the toolbar follows the
// rebuild to live and links to the public page; Preview opens the page in preview mode.
import { useMemo, useState } from 'react';
import { contentPath } from '../../../engine/domain/paths';
import * as api from '../../data/api';
import { ApiError } from '../../data/transport';
import { flattenTree } from '../../data/sections';
import type { Asset, ContentDetail, SectionNode } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { publicOrigin, useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { useLeaveGuard, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { useSaveShortcut } from '../../lib/use-shortcut';
import type { Params } from '../../lib/path-match';
import { Button } from '../../components/button';
import { ErrorPanel, Loading, StatusBadge } from '../../components/bits';
import { Page } from '../../shell/page';
import { NotFound } from '../not-found';
import { emptyForm, fromDetail, parseContentType, toWrite, validateContent, type ContentForm } from './content-form';
import { MainFields, SideFields } from './content-fields';
import { useBusy } from '../../lib/use-busy';
import { typeLabel } from '../../lib/content-labels';
import { AssistantCard } from '../assistant/suggest-card';

interface Loaded {
  detail: ContentDetail | null;
  sections: SectionNode[];
  tenantKey: string;
}

export default function ContentEditScreen({ params }: { params: Params }) {
  const { tenantKey } = useTenant();
  const id = params.id !== undefined && /^\d{8}$/.test(params.id) ? Number(params.id) : null;
  const type = parseContentType(params.type);
  const loaded = useAsync<Loaded>(async () => {
    const [detail, sections] = await Promise.all([id ? api.getContent(id) : Promise.resolve(null), api.getWebsiteSectionsHierarchy()]);
    return { detail, sections, tenantKey: tenantKey as string };
  }, [id]);

  if (params.id !== undefined && id === null) return <NotFound path={`/admin/edit-content/${params.id}`} />;
  if (params.type !== undefined && !type) return <NotFound path={`/admin/create-content/${params.type}`} />;
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Content"><ErrorPanel message={loaded.error ?? 'Not found'} onRetry={loaded.reload} /></Page>;
  if (id && !loaded.data.detail) return <NotFound path={`/admin/edit-content/${id}`} />;
  const initial = loaded.data.detail ? fromDetail(loaded.data.detail) : emptyForm(type ?? 'Article');
  return <Editor id={id} initial={initial} detail={loaded.data.detail} sections={loaded.data.sections} pinnedTenant={loaded.data.tenantKey} />;
}

function Editor({ id, initial, detail, sections, pinnedTenant }: { id: number | null; initial: ContentForm; detail: ContentDetail | null; sections: SectionNode[]; pinnedTenant: string }) {
  const form = useForm(initial, validateContent);
  const toast = useToast();
  const navigate = useNavigate();
  const publish = usePublish();
  const { tenants } = useTenant();
  const { busy, run } = useBusy();
  const [savedStatus, setSavedStatus] = useState(detail?.status ?? null);
  const tenant = tenants.find((t) => t.tenantKey === pinnedTenant) ?? null;
  const origin = publicOrigin(tenant);
  useLeaveGuard(form.dirty && !busy);

  const sectionAlias = useMemo(() => new Map(flattenTree(sections).map((s) => [s.id, s.alias])), [sections]);
  const pathOf = (c: Pick<ContentDetail, 'id' | 'slug' | 'name' | 'primarySectionId' | 'path'>) =>
    c.path ?? contentPath({ id: c.id, slug: c.slug, name: c.name, sectionAlias: sectionAlias.get(c.primarySectionId) ?? null });
  const assetUrl = (a: Asset) => (/^https?:/.test(a.path) ? a.path : `${origin ?? ''}${a.path}`);

  const save = async (status?: '1' | '2') => {
    const values = status ? { ...form.values, status } : form.values;
    if (status) form.set('status', status);
    if (Object.keys(validateContent(values)).length > 0) {
      form.check();
      toast.error('Please fix the highlighted fields.');
      return;
    }
    await run(async () => {
      const write = toWrite(values);
      const label = values.name.trim();
      const saved = await publish.track(label, pinnedTenant, () => (id ? api.updateContent(id, write, pinnedTenant) : api.createContent(write, pinnedTenant)),
        (answer) => (answer.status === 1 && origin ? `${origin}${pathOf(answer)}` : null));
      const next = saved && typeof saved === 'object' && 'id' in saved ? fromDetail(saved) : values;
      form.reset(next);
      setSavedStatus(saved.status);
      toast.success(status === '1' ? 'Published.' : status === '2' && detail?.status === 1 ? 'Unpublished: now a draft.' : 'Saved.');
      if (!id && saved.id) navigate(`/admin/edit-content/${saved.id}`, { replace: true });
    }, (e) => toast.error(e instanceof ApiError && e.field ? `${e.field}: ${e.message}` : errorText(e)));
  };

  // Preview: a signed link that renders the stored draft on the site (api/preview). View on site:
  // a one-time pass that signs this staff user in on the site, where the staff toolbar shows.
  // The window opens at the click (popup blockers), then goes to the link once the API answers.
  const openSigned = async (target: { preview: number } | { site: string }) => {
    const win = window.open('', '_blank');
    try {
      const link = await api.createStaffLink(target, pinnedTenant);
      const url = link.url ?? `${origin ?? ''}${link.path}`;
      if (win) { win.opener = null; win.location.href = url; } else window.location.assign(url);
    } catch (e) {
      win?.close();
      toast.error(errorText(e));
    }
  };
  const preview = () => {
    if (!id || !origin) return;
    if (form.dirty) toast.info('Preview shows the last saved version. Save to include your changes.');
    void openSigned({ preview: id });
  };
  const viewOnSite = () => {
    if (!id || !origin) return;
    void openSigned({ site: pathOf({ id, slug: form.values.slug || null, name: form.values.name, primarySectionId: Number(form.values.primarySectionId), path: detail?.path ?? null }) });
  };

  useSaveShortcut(() => void save(), !busy);
  const published = savedStatus === 1;
  return (
    <Page
      title={id ? form.values.name || 'Untitled' : `New ${form.values.type.toLowerCase()}`}
      eyebrow={<span className="eyebrow-row">{typeLabel(form.values.type)}{id ? <span className="mono">#{id}</span> : null}{savedStatus !== null ? <StatusBadge status={savedStatus} /> : null}{form.dirty ? <span className="unsaved">Unsaved changes</span> : null}</span>}
      back={{ href: '/admin/content', label: 'Content' }}
      width="full"
      actions={
        <>
          {id ? <Button icon="eye" onClick={preview} disabled={!origin}>Preview</Button> : null}
          {id && published ? <Button icon="external" onClick={viewOnSite} disabled={!origin}>View on site</Button> : null}
          {published ? <Button onClick={() => void save('2')} disabled={busy}>Unpublish</Button> : <Button onClick={() => void save('1')} disabled={busy}>Publish</Button>}
          <Button variant="primary" busy={busy} onClick={() => void save()}>Save</Button>
        </>
      }
    >
      <form className="editor-layout" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Content">
        <div className="editor-main"><MainFields form={form} sections={sections} id={id} /></div>
        <aside className="editor-side" aria-label="Content settings"><SideFields form={form} sections={sections} assetUrl={assetUrl} known={detail?.assets ?? []} />{id ? <AssistantCard contentId={id} tenantKey={pinnedTenant} form={form} /> : null}</aside>
        <button type="submit" hidden>Save</button>
      </form>
    </Page>
  );
}
