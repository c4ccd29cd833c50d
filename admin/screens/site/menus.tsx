// /admin/menus: the site's menus (header, mega menus, affiliated brands, footer), each a list of
// links checked with the shared menuLinkSchema.
import { useState } from 'react';
import { MENU_KEYS } from '../../../engine/domain/enums';
import { menuLinkSchema } from '../../../engine/domain/records';
import * as api from '../../data/api';
import type { MenuLink } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useLeaveGuard } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button, IconButton } from '../../components/button';
import { CheckboxField, TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { useBusy } from '../../lib/use-busy';

const MENU_LABELS: Record<string, string> = {
  header_primary: 'Header', mega_1: 'Mega menu 1', mega_2: 'Mega menu 2', affiliated_brands: 'Affiliated brands', footer: 'Footer',
};

export function validateLinks(links: MenuLink[]): FieldErrors {
  const errors: FieldErrors = {};
  links.forEach((l, i) => {
    const r = menuLinkSchema.safeParse(l);
    if (!r.success) for (const [k, m] of Object.entries(issuesToErrors(r.error.issues))) errors[`${i}.${k}`] = m;
  });
  return errors;
}

function prefixed(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`links.${k}`, v]));
}

export default function MenusScreen() {
  const { tenantKey } = useTenant();
  const menus = useAsync(async () => ({ menus: await api.getMenus(), tenantKey: tenantKey as string }), []);
  const [key, setKey] = useState<string>(MENU_KEYS[0]);
  if (menus.loading) return <Loading />;
  if (menus.error || !menus.data) return <Page title="Menus"><ErrorPanel message={menus.error ?? ''} onRetry={menus.reload} /></Page>;
  return (
    <Page title="Menus">
      <div className="tabs" role="tablist" aria-label="Menus">
        {MENU_KEYS.map((k) => (
          <button key={k} type="button" role="tab" id={`tab-${k}`} aria-selected={k === key} aria-controls={`panel-${k}`} tabIndex={k === key ? 0 : -1} className={`tab${k === key ? ' tab-on' : ''}`} onClick={() => setKey(k)}
            onKeyDown={(e) => {
              const i = MENU_KEYS.indexOf(k as (typeof MENU_KEYS)[number]);
              const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!d) return;
              const next = MENU_KEYS[(i + d + MENU_KEYS.length) % MENU_KEYS.length] as string;
              setKey(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}>
            {MENU_LABELS[k] ?? k}<span className="tab-count">{(menus.data?.menus[k] ?? []).length}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${key}`} aria-labelledby={`tab-${key}`}>
        <MenuEditor key={key} menuKey={key} links={menus.data.menus[key] ?? []} tenantKey={menus.data.tenantKey} onSaved={menus.reload} />
      </div>
    </Page>
  );
}

function MenuEditor({ menuKey, links, tenantKey, onSaved }: { menuKey: string; links: MenuLink[]; tenantKey: string; onSaved: () => void }) {
  const form = useForm<{ links: MenuLink[] }>({ links }, (v) => prefixed(validateLinks(v.links)));
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  useLeaveGuard(form.dirty && !busy);
  const list = form.values.links;
  const setLink = (i: number, patch: Partial<MenuLink>) => form.set('links', list.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const move = (i: number, d: number) => {
    const next = [...list];
    const [l] = next.splice(i, 1);
    if (l) next.splice(i + d, 0, l);
    form.set('links', next);
  };
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const clean = list.map((l) => ({ label: l.label.trim(), href: l.href.trim(), external: l.external }));
      await publish.track(`${MENU_LABELS[menuKey] ?? menuKey} menu`, tenantKey, () => api.updateMenu(menuKey, clean, tenantKey));
      form.reset({ links: clean });
      toast.success('Menu saved.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <Card title={`${MENU_LABELS[menuKey] ?? menuKey} links`} description="External links open in a new tab only when marked external."
      actions={<Button variant="primary" busy={busy} disabled={!form.dirty} onClick={() => void save()}>Save menu</Button>}>
      {list.length === 0 ? <p className="muted">This menu has no links.</p> : (
        <ol className="link-list">
          {list.map((l, i) => (
            <li key={i} className="link-row">
              <span className="link-index" aria-hidden="true">{i + 1}</span>
              <TextField label="Label" required value={l.label} onChange={(x) => setLink(i, { label: x })} onBlur={() => form.touch(`links.${i}.label`)} error={form.error(`links.${i}.label`)} field={`links.${i}.label`} />
              <TextField label="Address" required value={l.href} placeholder="/news or https://…" onChange={(x) => setLink(i, { href: x })} onBlur={() => form.touch(`links.${i}.href`)} error={form.error(`links.${i}.href`)} field={`links.${i}.href`} />
              <CheckboxField label="External" checked={l.external} onChange={(x) => setLink(i, { external: x })} />
              <div className="ge-tools">
                <IconButton icon="arrowUp" label={`Move ${l.label || `link ${i + 1}`} up`} disabled={i === 0} onClick={() => move(i, -1)} />
                <IconButton icon="arrowDown" label={`Move ${l.label || `link ${i + 1}`} down`} disabled={i === list.length - 1} onClick={() => move(i, 1)} />
                <IconButton icon="trash" label={`Remove ${l.label || `link ${i + 1}`}`} onClick={() => form.set('links', list.filter((_, j) => j !== i))} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button size="sm" icon="plus" onClick={() => form.set('links', [...list, { label: '', href: '', external: false }])}>Add link</Button>
    </Card>
  );
}
