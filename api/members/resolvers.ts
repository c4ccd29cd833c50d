// Member resolvers (public §7, admin §3.6): thin adapters over the member operations. Member
// operations take the request context (session cookie, meter cookie); staff operations take the
// operation context like every other admin operation.
import { demographicKey } from '../../engine/domain/members';
import { demographicQuestionsByIds, type DemographicQuestionRecord } from '../../engine/store/queries/demographics';
import { findSiteUserById } from '../../engine/store/queries/members';
import { getMembershipById } from '../../engine/store/queries/memberships';
import { getLicenseCompany } from '../../engine/store/queries/site-license';
import type { GqlContext } from '../context';
import { simulateSiteUser } from './account';
import {
  addSiteUserFavorite, createDemographicQuestion, createMembership, createSiteLicenseCompany, deleteDemographicQuestion, deleteMembership,
  deleteSiteLicenseCompany, getActiveSiteUserWithNewsletters, getSiteUser, getSiteUserStub, importSiteUsers, loginSiteUser, logoutSiteUser,
  previewSiteUserImport, readDemographicStream, readLicenseCompany, readLicenseCompanyStream, readMembership, readSiteUserStream, registerSiteUser,
  removeSiteUserFavorite, requestRegisterSiteUser, requestSiteUserChangeUsername, requestSiteUserPasswordReset, resetSiteUserPassword, setOmedaCustomer,
  siteUserView, submitInquiry, updateDemographicQuestion, updateMembership, updateSiteLicenseCompany, updateSiteUserPassword, updateSiteUserProfile,
  updateSiteUserProfileAdmin, updateSiteUserUsername,
} from '../../engine/services/members';
import { getGatedContent } from './gated-content';
import { siteLicenseCompany } from './ip-gating';
import { memberCaller } from './session';

type Args = Record<string, unknown>;
const given = (a: Args, keys: string[]) => Object.fromEntries(keys.filter((k) => a[k] !== undefined && a[k] !== null).map((k) => [k, a[k]]));

async function siteUserById(ctx: GqlContext, id: number) {
  const tenant = await ctx.tenant();
  return siteUserView(ctx.services, (await findSiteUserById(ctx.services.store.db, tenant.tenantKey, id))!);
}

async function questionById(ctx: GqlContext, id: number) {
  return (await demographicQuestionsByIds(ctx.services.store.db, (await ctx.tenant()).tenantKey, [id]))[0]!;
}

const REGISTER_FIELDS = ['id', 'password', 'membershipId', 'firstName', 'lastName', 'title', 'company', 'city', 'region', 'countryCode', 'postalCode', 'demographics', 'newsletters', 'consent', 'recaptchaToken'];

export const memberResolvers = {
  Query: {
    getSiteUser: (_: unknown, a: Args, ctx: GqlContext) => getSiteUser(memberCaller(ctx), a),
    getSiteUserStub: (_: unknown, a: Args, ctx: GqlContext) => getSiteUserStub(memberCaller(ctx), { id: a.id ?? undefined }),
    getActiveSiteUserWithNewsletters: (_: unknown, _a: Args, ctx: GqlContext) => getActiveSiteUserWithNewsletters(memberCaller(ctx)),
    getSiteUserStream: async (_: unknown, a: Args, ctx: GqlContext) => readSiteUserStream({ ctx: await ctx.op(), input: a.input }),
    getMembership: (_: unknown, a: Args, ctx: GqlContext) => readMembership(ctx, a),
    getOmedaDemographicStream: (_: unknown, a: Args, ctx: GqlContext) => readDemographicStream(ctx, a.input),
    siteLicenseCompany: (_: unknown, a: Args, ctx: GqlContext) => siteLicenseCompany(ctx, a),
    getSiteLicenseCompany: async (_: unknown, a: Args, ctx: GqlContext) => readLicenseCompany({ ctx: await ctx.op(), input: { id: a.id } }),
    getSiteLicenseCompanyStream: async (_: unknown, a: Args, ctx: GqlContext) => readLicenseCompanyStream({ ctx: await ctx.op(), input: a.input }),
    getGatedContent: (_: unknown, a: Args, ctx: GqlContext) => getGatedContent(ctx, a),
    previewSiteUserImport: async (_: unknown, a: Args, ctx: GqlContext) => previewSiteUserImport({ ctx: await ctx.op(), input: a.input }),
  },
  Mutation: {
    submitInquiry: (_: unknown, a: Args, ctx: GqlContext) => submitInquiry(ctx, given(a, ['name', 'email', 'company', 'message', 'contentId', 'consent', 'recaptchaToken']), ctx.req.ip),
    loginSiteUser: (_: unknown, a: Args, ctx: GqlContext) => loginSiteUser(memberCaller(ctx), given(a, ['username', 'password', 'recaptchaToken'])),
    logoutSiteUser: (_: unknown, _a: Args, ctx: GqlContext) => logoutSiteUser(memberCaller(ctx)),
    requestRegisterSiteUser: (_: unknown, a: Args, ctx: GqlContext) => requestRegisterSiteUser(memberCaller(ctx), given(a, ['email', 'membershipId', 'countryCode', 'region', 'consent', 'path', 'recaptchaToken', 'promoCode'])),
    registerSiteUser: (_: unknown, a: Args, ctx: GqlContext) => registerSiteUser(memberCaller(ctx), given(a, REGISTER_FIELDS)),
    updateSiteUserProfile: (_: unknown, a: Args, ctx: GqlContext) => updateSiteUserProfile(memberCaller(ctx), a.input),
    requestSiteUserChangeUsername: (_: unknown, a: Args, ctx: GqlContext) => requestSiteUserChangeUsername(memberCaller(ctx), given(a, ['password', 'newUsername'])),
    updateSiteUserUsername: (_: unknown, a: Args, ctx: GqlContext) => updateSiteUserUsername(memberCaller(ctx), given(a, ['id'])),
    requestSiteUserPasswordReset: (_: unknown, a: Args, ctx: GqlContext) => requestSiteUserPasswordReset(memberCaller(ctx), given(a, ['username', 'path', 'recaptchaToken'])),
    resetSiteUserPassword: (_: unknown, a: Args, ctx: GqlContext) => resetSiteUserPassword(memberCaller(ctx), given(a, ['id', 'password'])),
    updateSiteUserPassword: (_: unknown, a: Args, ctx: GqlContext) => updateSiteUserPassword(memberCaller(ctx), given(a, ['password', 'newPassword'])),
    addSiteUserFavorite: (_: unknown, a: Args, ctx: GqlContext) => addSiteUserFavorite(memberCaller(ctx), a),
    removeSiteUserFavorite: (_: unknown, a: Args, ctx: GqlContext) => removeSiteUserFavorite(memberCaller(ctx), a),
    simulateSiteUser: (_: unknown, a: Args, ctx: GqlContext) => simulateSiteUser(ctx, given(a, ['username'])),
    async updateSiteUserProfileAdmin(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await updateSiteUserProfileAdmin({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return siteUserById(ctx, id);
    },
    setOmedaCustomer: async (_: unknown, a: Args, ctx: GqlContext) => setOmedaCustomer({ ctx: await ctx.op(), input: given(a, ['email', 'omedaCustomerId', 'hashedOmedaCustomerId', 'products']) }),
    importSiteUsers: async (_: unknown, a: Args, ctx: GqlContext) => importSiteUsers({ ctx: await ctx.op(), input: a.input }),
    async createMembership(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await createMembership({ ctx: await ctx.op(), input: a.input });
      return getMembershipById(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
    },
    async updateMembership(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await updateMembership({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return getMembershipById(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
    },
    deleteMembership: async (_: unknown, a: Args, ctx: GqlContext) => deleteMembership({ ctx: await ctx.op(), input: { id: a.id } }),
    async createDemographicQuestion(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await createDemographicQuestion({ ctx: await ctx.op(), input: a.input });
      return questionById(ctx, id);
    },
    async updateDemographicQuestion(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await updateDemographicQuestion({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return questionById(ctx, id);
    },
    deleteDemographicQuestion: async (_: unknown, a: Args, ctx: GqlContext) => deleteDemographicQuestion({ ctx: await ctx.op(), input: { id: a.id } }),
    async createSiteLicenseCompany(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await createSiteLicenseCompany({ ctx: await ctx.op(), input: a.input });
      return getLicenseCompany(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
    },
    async updateSiteLicenseCompany(_: unknown, a: Args, ctx: GqlContext) {
      const { id } = await updateSiteLicenseCompany({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return getLicenseCompany(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
    },
    deleteSiteLicenseCompany: async (_: unknown, a: Args, ctx: GqlContext) => deleteSiteLicenseCompany({ ctx: await ctx.op(), input: { id: a.id } }),
  },
  DemographicQuestion: {
    formKey: (q: DemographicQuestionRecord) => demographicKey(q.id),
    demographicValues: (q: DemographicQuestionRecord) => q.values,
  },
  SiteLicenseCompany: {
    created: (c: { createdAt: number }) => c.createdAt,
    updated: (c: { updatedAt: number }) => c.updatedAt,
  },
};
