// Every PostgreSQL table, for code that walks them all (copy, parity and isolation checks).
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
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

export const pgSchema = {
  ...core, ...ads, ...assets, ...builds, ...company, ...events, ...feeds, ...imports, ...magazine, ...members, ...newsletters,
  ...pageSpeed, ...people, ...research, ...syndication,
};

export const PG_TABLES: readonly PgTable[] = Object.values(pgSchema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));
