// Contacts settings (/admin/contacts-settings, manage_contacts) and the site-settings screen's read
// (/admin/site-settings-new, view_site_settings or manage_site_settings). Contacts are a titled,
// ordered list of the tenant's people (at most 100, admin §9); getContacts reads them publicly.
// They are not on the built pages, so saving them rebuilds nothing.
import { contactsSettingsSchema, CONTACTS_LIMIT } from '../../domain/people';
import type { SiteSettings } from '../../domain/settings';
import { badInput, parseInput } from '../../domain/validation';
import { personsByIds, type PersonRecord } from '../../store/queries/catalog';
import { getContactsSettings, personIdsOfTenant, saveContactsSettings } from '../../store/queries/people';
import { may } from '../kernel/access';
import { commit, diff, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { createInput } from '../kernel/patch';

export interface ContactsView { title: string; personIds: number[]; persons: PersonRecord[] }

const DEFAULT_TITLE = 'Contact Us';

/** The tenant's contacts in their saved order (active people only for the public; every listed one for staff). */
export async function readContacts(ctx: OpContext, tenantKey: string, includeInactive: boolean): Promise<ContactsView> {
  const db = ctx.services.store.db;
  const s = (await getContactsSettings(db, tenantKey)) ?? { title: DEFAULT_TITLE, personIds: [] };
  const ids = s.personIds.slice(0, CONTACTS_LIMIT);
  const byId = new Map((await personsByIds(db, tenantKey, ids)).map((p) => [p.id, p]));
  const persons = ids.map((id) => byId.get(id)).filter((p): p is PersonRecord => !!p && (includeInactive || p.status === 1));
  return { title: s.title, personIds: includeInactive ? ids : persons.map((p) => p.id), persons };
}

export async function updateContactsSettings({ ctx, input }: OpArgs): Promise<ContactsView> {
  const { tenant } = tenantAccess(ctx, ['manage_contacts']);
  const s = parseInput(contactsSettingsSchema, createInput(input), 'input');
  await commit(ctx, async (tx) => {
    const known = await personIdsOfTenant(tx, tenant.tenantKey, s.personIds);
    const i = s.personIds.findIndex((id) => !known.has(id));
    if (i >= 0) badInput(`input.personIds[${i}]`, `Unknown person ${s.personIds[i]!}`);
    const before = (await getContactsSettings(tx, tenant.tenantKey)) ?? { title: DEFAULT_TITLE, personIds: [] };
    await saveContactsSettings(tx, tenant.tenantKey, s, ctx.services.now());
    return before;
  }, (before) => ({ tenantKey: tenant.tenantKey, entityType: 'contacts', entityId: tenant.tenantKey, action: 'update', changes: diff(before, s) }));
  return readContacts(ctx, tenant.tenantKey, true);
}

/** The settings as staff edit them on /admin/site-settings-new, and whether this user may save them. */
export function siteSettingsForEdit(ctx: OpContext): { settings: SiteSettings; canEdit: boolean } {
  const { actor, tenant } = tenantAccess(ctx, ['view_site_settings', 'manage_site_settings']);
  return { settings: tenant.settings, canEdit: may(actor, tenant.tenantKey, ['manage_site_settings']) };
}
