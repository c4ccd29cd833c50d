// Every SQLite table, for code that walks them all (db copy, the dialect parity test).
import { is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as core from './schema';
import * as ads from './schema-ads';
import * as assets from './schema-assets';
import * as builds from './schema-builds';
import * as company from './schema-company';
import * as events from './schema-events';
import * as feeds from './schema-feeds';
import * as imports from './schema-import';
import * as magazine from './schema-magazine';
import * as members from './schema-members';
import * as newsletters from './schema-newsletters';
import * as pageSpeed from './schema-page-speed';
import * as people from './schema-people';
import * as research from './schema-research';
import * as syndication from './schema-syndication';

export const SQLITE_TABLES: readonly SQLiteTable[] = Object.values({
  ...core, ...ads, ...assets, ...builds, ...company, ...events, ...feeds, ...imports, ...magazine, ...members, ...newsletters,
  ...pageSpeed, ...people, ...research, ...syndication,
} as Record<string, unknown>).filter((v): v is SQLiteTable => is(v, SQLiteTable));
