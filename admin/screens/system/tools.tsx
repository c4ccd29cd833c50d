// /admin/tools: the one-off migrations and test screens this user may open (nav.ts TOOLS), each with
// one line on what it does. They stay out of the menu so that editors find the daily screens.
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { Link } from '../../lib/router';
import { Icon } from '../../components/icons';
import { EmptyState } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { visibleTools } from '../../shell/nav';

export default function ToolsScreen() {
  const { user, permissions } = useSession();
  const { tenant } = useTenant();
  const tools = visibleTools(permissions, { isGlobal: !!user?.isGlobal, modules: tenant?.modules ?? [] });
  return (
    <Page title="Tools" width="narrow">
      <Card description="Migrations, imports and test pages you need now and then. Each asks before it changes anything.">
        {tools.length === 0 ? <EmptyState icon="folder" title="No tools for your account">Your role does not include any of the migration or test tools.</EmptyState> : (
          <ul className="tool-list">
            {tools.map((t) => (
              <li key={t.href}>
                <Link className="tool" href={t.href}>
                  <span className="shortcut-icon"><Icon name={t.icon} /></span>
                  <span className="tool-text">
                    <strong>{t.label}</strong>
                    <span className="muted">{t.description}</span>
                  </span>
                  <Icon name="chevronRight" size={16} className="shortcut-go" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}
