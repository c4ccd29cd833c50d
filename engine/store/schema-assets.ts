// Media library (issue 16): what an uploaded file adds to its `assets` row. The files themselves
// live outside SQLite (engine/assets/ingest.ts: `<assets dir>/<tenant>/`, content-hash names); the
// row names the original and every derivative. Fixture assets have no row here until an editor
// sets media metadata on them (focal point, tags, decorative), and keep their bytes in `assets.data`.
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { assets, tenants } from './schema';

/** One derivative file of an uploaded image (engine/assets/ingest.ts Derivative). */
export interface AssetDerivative { width: number; height: number; format: 'avif' | 'webp' | 'jpeg' | 'png' | 'gif'; file: string; bytes: number }

export const assetMedia = sqliteTable('asset_media', {
  assetId: integer('asset_id').primaryKey().references(() => assets.id, { onDelete: 'cascade' }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** The uploaded file's name, for search and display (never used to find the type). */
  name: text('name').notNull(),
  /** The original's file name in the tenant's assets folder; null for fixture assets. */
  original: text('original'),
  bytes: integer('bytes').notNull().default(0),
  derivatives: text('derivatives', { mode: 'json' }).notNull().$type<AssetDerivative[]>(),
  /** Focal point as fractions of width and height (0..1); crops keep it in view. */
  focalX: real('focal_x').notNull().default(0.5),
  focalY: real('focal_y').notNull().default(0.5),
  tags: text('tags', { mode: 'json' }).notNull().$type<string[]>(),
  /** A decorative image needs no alt text to publish (it renders with alt=""). */
  decorative: integer('decorative', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
}, (t) => [index('asset_media_tenant').on(t.tenantKey)]);
