// The door of api/reports/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; the work is
// engine/services/reports.
export { registerReportExportRoute } from './export-route';
export { reportResolvers } from './resolvers';
