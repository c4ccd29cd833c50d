// The executable schema: every domain's schema.graphql (read from disk at start) with its
// resolvers. The printed result is committed as schema.graphql.snapshot and checked by a test.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from './graphql';
import { adResolvers } from './ads';
import { assetResolvers } from './assets';
import { assistantResolvers } from './assistant';
import { aspireNewsResolvers } from './aspire-news';
import { authResolvers } from './auth/resolvers';
import { buildResolvers } from './builds';
import { catalogResolvers } from './catalog';
import { DateTimeScalar, JSONScalar } from './common/scalars';
import { cmsUserResolvers } from './cms-users';
import { contentResolvers } from './content';
import { companyUpdateResolvers } from './company-updates';
import { contractResolvers } from './contracts';
import { dashboardResolvers } from './dashboard';
import { eventResolvers } from './events';
import { historyResolvers } from './history';
import { reportResolvers } from './reports';
import { researchResolvers } from './research';
import { guardMutationInputs } from './input-guard';
import { layoutResolvers } from './layouts';
import { magazineResolvers } from './magazine';
import { memberResolvers } from './members';
import { newsletterResolvers } from './newsletters';
import { peopleResolvers } from './people';
import { previewResolvers } from './preview';
import { sectionResolvers } from './sections';
import { siteResolvers } from './site';
import { syndicationResolvers } from './syndication';
import { systemResolvers } from './system';
import { tenantResolvers } from './tenants';

export const DOMAINS = ['common', 'auth', 'tenants', 'sections', 'content', 'layouts', 'site', 'catalog', 'cms-users', 'history', 'members', 'newsletters', 'preview', 'builds', 'aspire-news', 'contracts', 'company-updates', 'system', 'events', 'research', 'magazine', 'syndication', 'people', 'assets', 'reports', 'ads', 'dashboard', 'assistant'] as const;

export function typeDefs(): string[] {
  return DOMAINS.map((d) => readFileSync(fileURLToPath(new URL(`./${d}/schema.graphql`, import.meta.url)), 'utf8'));
}

export function buildSchema(info: { mode: string; documentsVersion: string }): GraphQLSchema {
  const common = {
    JSON: JSONScalar,
    DateTime: DateTimeScalar,
    Query: { apiInfo: () => ({ documentsVersion: info.documentsVersion, mode: info.mode }) },
    Mutation: { ping: () => ({ ok: true, message: 'pong' }) },
  };
  return guardMutationInputs(makeExecutableSchema({
    typeDefs: typeDefs(),
    resolvers: [common, authResolvers, tenantResolvers, sectionResolvers, contentResolvers, layoutResolvers, siteResolvers, catalogResolvers, cmsUserResolvers, historyResolvers, memberResolvers, newsletterResolvers, previewResolvers, buildResolvers, aspireNewsResolvers, contractResolvers, companyUpdateResolvers, systemResolvers, eventResolvers, researchResolvers, magazineResolvers, syndicationResolvers, peopleResolvers, assetResolvers, reportResolvers, adResolvers, dashboardResolvers, assistantResolvers] as never,
  }));
}
