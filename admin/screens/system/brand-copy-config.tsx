// /admin/aspire-to-aspire-migration-config (issue 24): choose what to copy from one brand to another:
// the source and target sites, the parts (sections, layouts, menus, settings, ad unit patterns,
// newsletter templates) and which settings groups. The choice is the address of
// /admin/run-aspire-to-aspire-migration, which previews and runs it, so a configuration can be
// bookmarked or sent to a colleague. Global staff with manage_modules.
import { useState } from 'react';
import { BRAND_IDENTITY_KEYS, BRAND_PARTS, BRAND_PART_LABELS, BRAND_SETTINGS_KEYS } from '../../../engine/domain/brand-copy';
import type { BrandCopyConfig } from '../../data/api-migrate';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { useNavigate } from '../../lib/router';
import { Button } from '../../components/button';
import { CheckboxGroup, SelectField } from '../../components/fields';
import { EmptyState } from '../../components/bits';
import { Card, Page } from '../../shell/page';

export const RUN_PATH = '/admin/run-aspire-to-aspire-migration';

export function runHref(c: BrandCopyConfig): string {
  const p = new URLSearchParams({ from: c.from, to: c.to, parts: c.parts.join(','), settings: c.settingsKeys.join(',') });
  return `${RUN_PATH}?${p.toString()}`;
}

export function configFrom(params: URLSearchParams): BrandCopyConfig {
  const list = (k: string) => (params.get(k) ?? '').split(',').filter(Boolean);
  return { from: params.get('from') ?? '', to: params.get('to') ?? '', parts: list('parts'), settingsKeys: list('settings') };
}

export default function BrandCopyConfigScreen() {
  const { user } = useSession();
  const { tenants } = useTenant();
  const navigate = useNavigate();
  const [c, setC] = useState<BrandCopyConfig>({ from: '', to: '', parts: [...BRAND_PARTS], settingsKeys: [...BRAND_SETTINGS_KEYS] });
  if (!user?.isGlobal) return <Page title="Brand copy"><EmptyState icon="settings" title="Global administrators only">This tool changes another site's configuration.</EmptyState></Page>;
  const sites = tenants.map((t) => ({ value: t.tenantKey, label: `${t.name} (${t.tenantKey})` }));
  const problem = !c.from || !c.to ? 'Choose both sites.' : c.from === c.to ? 'Choose two different sites.' : c.parts.length === 0 ? 'Choose at least one part.' : null;
  return (
    <Page title="Brand copy: configuration" actions={<Button variant="primary" disabled={problem !== null} onClick={() => navigate(runHref(c))}>Preview the copy</Button>}>
      <Card title="Sites" description="The configuration of the first site is copied to the second. Content, media, members and redirects are never copied or changed.">
        <div className="grid-2">
          <SelectField label="Copy from" required value={c.from} options={sites} onChange={(v) => setC({ ...c, from: v ?? '' })} />
          <SelectField label="Copy to" required value={c.to} options={sites} onChange={(v) => setC({ ...c, to: v ?? '' })} />
        </div>
        {problem ? <p className="muted">{problem}</p> : null}
      </Card>
      <Card title="What to copy" description="Sections are matched by alias (existing ones are kept), layouts by type and name, menus by key, patterns and templates by name. New records get new ids; section ids inside layouts, templates and settings point to the target's sections.">
        <CheckboxGroup legend="Parts" value={c.parts} onChange={(parts) => setC({ ...c, parts })} options={BRAND_PARTS.map((p) => ({ value: p, label: BRAND_PART_LABELS[p] }))} />
        {c.parts.includes('settings') ? (
          <CheckboxGroup legend="Settings groups" value={c.settingsKeys} onChange={(settingsKeys) => setC({ ...c, settingsKeys })} columns={3}
            options={[...BRAND_SETTINGS_KEYS, ...BRAND_IDENTITY_KEYS].map((k) => ({ value: k, label: (BRAND_IDENTITY_KEYS as readonly string[]).includes(k) ? `${k} (the site's identity)` : k }))} />
        ) : null}
      </Card>
    </Page>
  );
}
