// /admin/layouts: the layouts of the site, grouped by type.
import { hasAnyPermission } from '../../../engine/domain/permissions';
import { LAYOUT_TYPES } from '../../../engine/domain/enums';
import * as api from '../../data/api';
import { useSession } from '../../app/session';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { SelectField } from '../../components/fields';
import { Icon } from '../../components/icons';
import { Badge, EmptyState, ErrorPanel, Loading, relativeTime } from '../../components/bits';
import { Page } from '../../shell/page';
import { LAYOUT_TYPE_LABELS } from './layout-form';
import { ListTable } from '../../components/list-table';

export default function LayoutsScreen() {
  const { permissions } = useSession();
  const canEdit = hasAnyPermission(permissions, ['manage_site_layouts']);
  const list = useAsync(() => api.getLayoutStream(), []);
  const params = useSearchParams();
  const navigate = useNavigate();
  const type = params.get('type') ?? '';
  const items = (list.data ?? []).filter((l) => !type || l.type === type);
  return (
    <Page
      title="Layouts"
      actions={canEdit ? <Link className="btn btn-primary" href="/admin/create-web-layout"><Icon name="plus" size={18} /><span>New layout</span></Link> : null}
      top={<div className="filters"><SelectField label="Type" value={type} placeholder="All types" options={LAYOUT_TYPES.map((t) => ({ value: t, label: LAYOUT_TYPE_LABELS[t] }))} onChange={(v) => navigate(v ? `/admin/layouts?type=${v}` : '/admin/layouts', { replace: true })} /></div>}
    >
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : items.length === 0 ? (
        <EmptyState icon="layouts" title={type ? 'No layouts of this type' : 'No layouts yet'} action={canEdit ? <Link className="btn btn-primary" href="/admin/create-web-layout">Create a layout</Link> : undefined}>Layouts arrange rows, columns and blocks on pages.</EmptyState>
      ) : (
        <ListTable caption="Layouts" columns={['Name', 'Type', 'Scope', { label: 'Updated', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]} actions={false} flush={false}>
              {items.map((l) => (
                <tr key={l.id}>
                  <td className="cell-title"><Link href={`/admin/edit-web-layout/${l.id}`}>{l.name}</Link></td>
                  <td><span className="type-tag">{LAYOUT_TYPE_LABELS[l.type as keyof typeof LAYOUT_TYPE_LABELS] ?? l.type}</span></td>
                  <td>{l.isGlobal ? <Badge tone="violet">Global</Badge> : <Badge>This site</Badge>}</td>
                  <td className="col-hide-sm muted">{relativeTime(l.updatedAt)}</td>
                  <td className="col-id mono muted">{l.id}</td>
                </tr>
              ))}
        </ListTable>
      )}
    </Page>
  );
}
