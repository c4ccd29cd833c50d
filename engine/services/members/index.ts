// The door of engine/services/members/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { audienceMembershipIds, linkProviderCustomer, memberByEncryptedId, setOmedaCustomer, surveyCustomer } from './audience';
export { checkCaptcha, consentFor, type ConsentValue, countryOf, emailField, givenPassword, loginName, passwordField, profileText, promoField, regionOf, throttle, tokenField } from './inputs';
export { sendMailLater, sendMemberMail } from './mail';
export { meterCookieName, readMeter, signMeter } from './meter-cookie';
export { importSiteUsers, previewSiteUserImport } from './migrate-users';
export { syncNewsletterProducts } from './newsletter-products';
export { memberRuntime } from './runtime';
export { newslettersOfUser, siteUserView, type SiteUserView } from './user-view';
export {
  checkDemographics, checkProfileDemographics, createDemographicQuestion, deleteDemographicQuestion, demographicsInput, readDemographicStream, splitAnswers,
  updateDemographicQuestion,
} from './demographics';
export {
  createSiteLicenseCompany, deleteSiteLicenseCompany, licenseCompanyFor, readLicenseCompany, readLicenseCompanyStream, updateSiteLicenseCompany,
} from './ip-gating';
export { createMembership, deleteMembership, readMembership, updateMembership } from './memberships';
export {
  type IssuedSession, issueMemberSession, type LoginResult, looksLikeMemberToken, MEMBER_COOKIE, memberByToken, type MemberCaller, type MemberSession, type MemberTokenKind,
  newMemberToken, requireMember, revokeMemberSession,
} from './sessions';
export { composeInquiryMail, type InquiryAnswer, submitInquiry } from './inquiry';
export {
  addSiteUserFavorite, getActiveSiteUserWithNewsletters, getSiteUser, readSiteUserStream, removeSiteUserFavorite, updateSiteUserProfile, updateSiteUserProfileAdmin,
} from './profile';
export { mailResetLink } from './links';
export { getSiteUserStub, registerSiteUser, requestRegisterSiteUser } from './registration';
export {
  loginSiteUser, logoutSiteUser, requestSiteUserChangeUsername, requestSiteUserPasswordReset, resetSiteUserPassword, updateSiteUserPassword, updateSiteUserUsername,
} from './account';
