// /admin/test and /admin/test-form-api (issue 22): the theme test pages, for designers checking a
// brand. The page itself renders on the tenant's site host (its stylesheet, header and footer) from
// a signed one-hour link (api/system/theme-test.ts); this screen says what it holds and opens it.
// Blocks: every layout block type with sample data, list displays and colour schemes. Forms: every
// site form. Staff who may view the tenant's layouts.
import { BLOCK_TYPES } from '../../../engine/domain/layout';
import { BLOCK_LABELS, THEME_TEST_FORMS, type ThemeTestKind } from '../../../engine/domain/theme-test';
import * as api from '../../data/api';
import { publicOrigin, useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { Link } from '../../lib/router';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/bits';
import { Card, Page } from '../../shell/page';

const PAGES: Record<ThemeTestKind, { href: string; label: string; title: string; intro: string; items: string[] }> = {
  blocks: {
    href: '/admin/test', label: 'Blocks', title: 'Theme test: blocks',
    intro: 'Every block type of the layout editor with sample data, then the content list displays and the four colour schemes, in the site’s header, footer and stylesheet.',
    items: BLOCK_TYPES.map((t) => `${BLOCK_LABELS[t]} (${t})`).concat('Content list displays', 'Colour schemes'),
  },
  forms: {
    href: '/admin/test-form-api', label: 'Forms', title: 'Theme test: forms',
    intro: 'Every form of the site with sample newsletters, in the site’s theme. The page loads no script, so nothing on it can be submitted: no member, subscription or registration comes from a test.',
    items: [...THEME_TEST_FORMS],
  },
};

function ThemeTest({ kind }: { kind: ThemeTestKind }) {
  const { tenant } = useTenant();
  const toast = useToast();
  const p = PAGES[kind];
  if (!tenant) return <Page title={p.title}><EmptyState icon="globe" title="Choose a site">The test page shows one site’s theme: pick the site in the header.</EmptyState></Page>;
  // The window opens at the click (popup blockers), then goes to the signed link once the API answers.
  const open = async () => {
    const win = window.open('', '_blank');
    try {
      const link = await api.createThemeTestLink(kind, tenant.tenantKey);
      const url = link.url ?? `${publicOrigin(tenant) ?? ''}${link.path}`;
      if (win) { win.opener = null; win.location.href = url; } else window.location.assign(url);
    } catch (e) {
      win?.close();
      toast.error(errorText(e));
    }
  };
  return (
    <Page title={p.title} actions={<Button variant="primary" icon="globe" onClick={() => void open()}>Open on {tenant.name}</Button>}>
      <nav aria-label="Theme test pages" className="tabs">
        {(Object.keys(PAGES) as ThemeTestKind[]).map((k) => (
          <Link key={k} className={`tab${k === kind ? ' tab-on' : ''}`} href={PAGES[k].href} aria-current={k === kind ? 'page' : undefined}>{PAGES[k].label}</Link>
        ))}
      </nav>
      <Card title={`What the page shows on ${tenant.name}`} description={p.intro}>
        <ol>{p.items.map((i) => <li key={i}>{i}</li>)}</ol>
        <p className="muted small">The link opens the page on the site’s own address for one hour. Images and items are the site’s own where it has them, else neutral samples; the page is not indexed and not cached.</p>
      </Card>
    </Page>
  );
}

export const ThemeTestBlocks = () => <ThemeTest kind="blocks" />;
export const ThemeTestForms = () => <ThemeTest kind="forms" />;
export default ThemeTestBlocks;
