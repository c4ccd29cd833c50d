// /admin/content: the content list with filters (type, status, section, text with the 500 ms
// debounce of admin §5) and paging. Filters live in the address so Back and reload keep them.
import * as api from '../../data/api';
import { flattenTree } from '../../data/sections';
import { Link, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useUrlFilters } from '../../lib/use-url-filters';
import { SelectField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading, Pager, StatusBadge, formatDate } from '../../components/bits';
import { Page } from '../../shell/page';
import { NewContentMenu } from './new-content-menu';
import { ListTable, SearchField } from '../../components/list-table';
import { CONTENT_TYPE_OPTIONS, typeLabel } from '../../lib/content-labels';

export const PAGE_SIZE = 25;

export default function ContentListScreen() {
  const navigate = useNavigate();
  const { params, skip, text, setText, search, setParam } = useUrlFilters('/admin/content');
  const type = params.get('type') ?? '';
  const status = params.get('status') ?? '';
  const section = params.get('section') ?? '';

  const sections = useAsync(() => api.getWebsiteSectionsHierarchy(), []);
  const list = useAsync(
    () => api.getContentStream({ type: type || undefined, status: status === '' ? undefined : Number(status), sectionId: section ? Number(section) : undefined, search: search.trim(), skip, limit: PAGE_SIZE }),
    [type, status, section, search, skip],
  );
  const sectionOptions = flattenTree(sections.data ?? []).map((s) => ({ value: String(s.id), label: s.fullName }));
  const filtered = Boolean(type || status || section || search);

  return (
    <Page
      title="Content"
      actions={<NewContentMenu />}
      top={
        <div className="filters" role="search" aria-label="Filter content">
          <SearchField id="content-search" placeholder="Title or id" value={text} onChange={setText} />
          <SelectField label="Type" value={type} placeholder="All types" options={CONTENT_TYPE_OPTIONS} onChange={(v) => setParam({ type: v ?? '' })} />
          <SelectField label="Status" value={status} placeholder="Any status" options={[{ value: '1', label: 'Published or scheduled' }, { value: '2', label: 'Draft' }, { value: '0', label: 'Deleted' }]} onChange={(v) => setParam({ status: v ?? '' })} />
          <SelectField label="Section" value={section} placeholder="All sections" options={sectionOptions} onChange={(v) => setParam({ section: v ?? '' })} />
          {filtered ? <button type="button" className="btn btn-ghost btn-sm filter-clear" onClick={() => { setText(''); navigate('/admin/content', { replace: true }); }}>Clear filters</button> : null}
        </div>
      }
      bottom={list.data && list.data.totalCount > 0 ? <Pager skip={skip} limit={PAGE_SIZE} total={list.data.totalCount} onPage={(s) => setParam({ skip: s ? String(s) : '' })} /> : null}
    >
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : !list.data || list.data.items.length === 0 ? (
        filtered ? <EmptyState icon="search" title="No content matches these filters">Try another search or clear the filters.</EmptyState>
          : <EmptyState title="No content yet" action={<Link className="btn btn-primary" href="/admin/create-content/article">Write the first article</Link>}>Create an article, a news item or any other type.</EmptyState>
      ) : (
        <ListTable caption="Content, most recently updated first" columns={['Title', 'Type', 'Status', { label: 'Section', className: 'col-hide-sm' }, { label: 'Published', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]} actions={false} flush={false} loading={list.loading}>
              {list.data.items.map((c) => (
                <tr key={c.id}>
                  <td className="cell-title"><Link href={`/admin/edit-content/${c.id}`}>{c.name}</Link></td>
                  <td><span className="type-tag">{typeLabel(c.type)}</span></td>
                  <td><StatusBadge status={c.status} published={c.published} /></td>
                  <td className="col-hide-sm muted">{c.primarySection?.name ?? '—'}</td>
                  <td className="col-hide-sm muted nowrap">{formatDate(c.published)}</td>
                  <td className="col-id mono muted">{c.id}</td>
                </tr>
              ))}
        </ListTable>
      )}
    </Page>
  );
}
