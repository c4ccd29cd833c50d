// Ad tables (public §3 Ad unit, Native ad, Ad skin, Welcome ad; admin §2.2): a tenant's ad units and house ads. JSON columns hold values already
// validated by engine/domain/ads.ts.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { AdPageType, AdSize, AdUnitType, SizeMappingEntry } from '../domain/ads';
import type { HouseAdKind } from '../domain/house-ads';
import { tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const tenantRef = () => text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' });

export const adUnits = sqliteTable('ad_units', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  key: text('key').notNull(),
  type: text('type').$type<AdUnitType>().notNull(),
  size: text('size', { mode: 'json' }).$type<AdSize[]>().notNull(),
  sizeMapping: text('size_mapping', { mode: 'json' }).$type<SizeMappingEntry[]>().notNull(),
  useSectionAlias: integer('use_section_alias', { mode: 'boolean' }).notNull().default(false),
  refreshRate: integer('refresh_rate').notNull().default(0),
  excludePageTypes: text('exclude_page_types', { mode: 'json' }).$type<AdPageType[]>().notNull(),
  targetId: text('target_id'),
  position: integer('position').notNull().default(3),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [uniqueIndex('ad_units_tenant_key').on(t.tenantKey, t.key)]);

/** House ads (engine/domain/house-ads.ts): the kind's creative fields are kept as JSON. */
export const houseAds = sqliteTable('house_ads', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  kind: text('kind').$type<HouseAdKind>().notNull(),
  status: integer('status').notNull().default(1),
  priority: integer('priority').notNull().default(10),
  startAt: integer('start_at'),
  endAt: integer('end_at'),
  unitKeys: text('unit_keys', { mode: 'json' }).$type<string[]>().notNull(),
  creative: text('creative', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [index('house_ads_tenant_kind').on(t.tenantKey, t.kind)]);
