// /admin/site-settings-new (admin §2.2, issue 16): the site settings loaded through
// getSiteSettingsForEdit, which the API guards with view_site_settings or manage_site_settings and
// which says whether this user may save them; the form is the settings editor of edit-site-settings.
import * as api from '../../data/api';
import { useTenant } from '../../app/tenant';
import { useAsync } from '../../lib/use-async';
import { ErrorPanel, Loading } from '../../components/bits';
import { Page } from '../../shell/page';
import { SettingsEditor } from './site-settings';

export default function SiteSettingsNewScreen() {
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => ({ ...(await api.getSiteSettingsForEdit()), tenantKey: tenantKey as string }), []);
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Site settings"><ErrorPanel message={loaded.error ?? ''} onRetry={loaded.reload} /></Page>;
  return <SettingsEditor initial={loaded.data.settings} tenantKey={loaded.data.tenantKey} editable={loaded.data.canEdit} />;
}
