// The executable schema: every domain's schema.graphql (read from disk at start) with its
// resolvers. The printed result is committed as schema.graphql.snapshot and checked by a test.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from './graphql';
import { adResolvers } from './ads/resolvers';
import { assetResolvers } from './assets/resolvers';
import { aspireNewsResolvers } from './aspire-news/resolvers';
import { authResolvers } from './auth/resolvers';
import { buildResolvers } from './builds/resolvers';
import { catalogResolvers } from './catalog/resolvers';
import { DateTimeScalar, JSONScalar } from './common/scalars';
import { cmsUserResolvers } from './cms-users/resolvers';
import { contentResolvers } from './content/resolvers';
import { companyUpdateResolvers } from './company-updates/resolvers';
import { contractResolvers } from './contracts/resolvers';
import { dashboardResolvers } from './dashboard/resolvers';
import { eventResolvers } from './events/resolvers';
import { historyResolvers } from './history/resolvers';
import { reportResolvers } from './reports/resolvers';
import { researchResolvers } from './research/resolvers';
import { guardMutationInputs } from './input-guard';
import { layoutResolvers } from './layouts/resolvers';
import { magazineResolvers } from './magazine/resolvers';
import { memberResolvers } from './members/resolvers';
import { newsletterResolvers } from './newsletters/resolvers';
import { peopleResolvers } from './people/resolvers';
import { previewResolvers } from './preview/resolvers';
import { sectionResolvers } from './sections/resolvers';
import { siteResolvers } from './site/resolvers';
import { syndicationResolvers } from './syndication/resolvers';
import { systemResolvers } from './system/resolvers';
import { tenantResolvers } from './tenants/resolvers';

export const DOMAINS = ['common', 'auth', 'tenants', 'sections', 'content', 'layouts', 'site', 'catalog', 'cms-users', 'history', 'members', 'newsletters', 'preview', 'builds', 'aspire-news', 'contracts', 'company-updates', 'system', 'events', 'research', 'magazine', 'syndication', 'people', 'assets', 'reports', 'ads', 'dashboard'] as const;

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
    resolvers: [common, authResolvers, tenantResolvers, sectionResolvers, contentResolvers, layoutResolvers, siteResolvers, catalogResolvers, cmsUserResolvers, historyResolvers, memberResolvers, newsletterResolvers, previewResolvers, buildResolvers, aspireNewsResolvers, contractResolvers, companyUpdateResolvers, systemResolvers, eventResolvers, researchResolvers, magazineResolvers, syndicationResolvers, peopleResolvers, assetResolvers, reportResolvers, adResolvers, dashboardResolvers] as never,
  }));
}
