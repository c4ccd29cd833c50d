// /admin/ad-unit-settings-report (admin §2.2): every ad unit of the tenant with where it is placed
// (the layouts whose ad blocks name it, or every page) and where it is excluded (page types, and
// the layouts whose exclude-ad flag switches its kind off).
import { AD_TYPE_LABELS, type AdUnitType } from '../../../engine/domain/ads';
import * as api from '../../data/api';
import { useAsync } from '../../lib/use-async';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable } from '../../components/list-table';

const list = (v: readonly string[], none = '—') => (v.length ? v.join(', ') : none);

export default function AdUnitSettingsReportScreen() {
  const report = useAsync(() => api.getAdUnitSettingsReport(), []);
  return (
    <Page title="Ad unit settings report">
      {report.loading ? <Loading /> : report.error ? <ErrorPanel message={report.error} onRetry={report.reload} /> : (report.data?.length ?? 0) === 0 ? (
        <EmptyState icon="ads" title="No ad units">Create ad units to see where they are placed.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Ad unit settings" columns={['Key', 'Type', 'Placed in', 'Excluded page types', 'Excluded by layouts', { label: 'Sizes', className: 'col-hide-sm' }, { label: 'Refresh', className: 'col-hide-sm' }]}>
            {report.data?.map((r) => (
              <tr key={r.key}>
                <td className="cell-title mono">{r.key}</td>
                <td>{AD_TYPE_LABELS[r.type as AdUnitType] ?? r.type}</td>
                <td>{list(r.placedIn, 'Not placed')}</td>
                <td>{list(r.excludePageTypes)}</td>
                <td>{list(r.excludedBy)}</td>
                <td className="col-hide-sm muted">{r.sizes.map(([w, h]) => `${w}×${h}`).join(', ') || 'Fluid'}</td>
                <td className="col-hide-sm muted">{r.refreshRate ? `${r.refreshRate} s` : 'Never'}</td>
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
    </Page>
  );
}
