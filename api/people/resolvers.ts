// People, taxonomy and contacts (issue 16): reads for the admin screens and the writes of
// persons.ts, taxonomy.ts and contacts.ts. Public person reads stay in api/catalog.
import { AppError } from '../../engine/domain/errors';
import { authorPath } from '../../engine/domain/people';
import { assetsByIds, personsByIds, taxonomyStream, type PersonRecord } from '../../engine/store/queries/catalog';
import type { GqlContext } from '../context';
import { may } from '../../engine/services/kernel/access';
import { tenantAccess } from '../../engine/services/kernel/operation';
import { idArg } from '../../engine/services/kernel/patch';
import { readContacts, siteSettingsForEdit, updateContactsSettings } from '../../engine/services/people';
import { createPerson, deletePerson, PERSON_PERMS, updatePerson } from '../../engine/services/people';
import { createTaxonomyTerm, deleteTaxonomyTerm, mergeTaxonomyTerms, taxonomyExportCsv, updateTaxonomyTerm } from '../../engine/services/people';

async function personOf(ctx: GqlContext, id: number): Promise<PersonRecord> {
  const [p] = await personsByIds(ctx.services.store.db, (await ctx.tenant()).tenantKey, [id]);
  if (!p) throw new AppError('NOT_FOUND', { entity: 'Person', id });
  return p;
}

async function termOf(ctx: GqlContext, id: number) {
  const r = await taxonomyStream(ctx.services.store.db, { tenantKey: (await ctx.tenant()).tenantKey, includeIds: [id], sortField: 'id', sortOrder: 'asc', limit: 1, skip: 0 });
  const t = r.rows[0];
  if (!t) throw new AppError('NOT_FOUND', { entity: 'Taxonomy term', id });
  return t;
}

export const peopleResolvers = {
  Query: {
    async getPerson(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      tenantAccess(await ctx.op(), PERSON_PERMS);
      return personOf(ctx, idArg(a.id));
    },
    async taxonomyExportCsv(_: unknown, _a: unknown, ctx: GqlContext) {
      return taxonomyExportCsv(await ctx.op());
    },
    async getContacts(_: unknown, _a: unknown, ctx: GqlContext) {
      const op = await ctx.op();
      const tenant = await ctx.tenant();
      return readContacts(op, tenant.tenantKey, may(op.actor, tenant.tenantKey, ['manage_contacts']));
    },
    async getSiteSettingsForEdit(_: unknown, _a: unknown, ctx: GqlContext) {
      return siteSettingsForEdit(await ctx.op());
    },
  },
  Mutation: {
    async createPerson(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const { id } = await createPerson({ ctx: await ctx.op(), input: a.input });
      return personOf(ctx, id);
    },
    async updatePerson(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      const { id } = await updatePerson({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return personOf(ctx, id);
    },
    async deletePerson(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return deletePerson({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async createTaxonomyTerm(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const { id } = await createTaxonomyTerm({ ctx: await ctx.op(), input: a.input });
      return termOf(ctx, id);
    },
    async updateTaxonomyTerm(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      const { id } = await updateTaxonomyTerm({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return termOf(ctx, id);
    },
    async deleteTaxonomyTerm(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return deleteTaxonomyTerm({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async mergeTaxonomyTerms(_: unknown, a: { sourceId?: unknown; targetId?: unknown }, ctx: GqlContext) {
      const r = await mergeTaxonomyTerms({ ctx: await ctx.op(), input: { sourceId: a.sourceId, targetId: a.targetId } });
      return { target: await termOf(ctx, r.id), movedContent: r.moved };
    },
    async updateContactsSettings(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return updateContactsSettings({ ctx: await ctx.op(), input: a.input });
    },
  },
  Person: {
    socialLinks: (p: PersonRecord) => p.socialLinks ?? [],
    authorPath: (p: PersonRecord) => authorPath(p),
    async image(p: PersonRecord, _a: unknown, ctx: GqlContext) {
      if (p.imageId === null) return null;
      const [a] = await assetsByIds(ctx.services.store.db, (await ctx.tenant()).tenantKey, [p.imageId]);
      return a ?? null;
    },
  },
};
