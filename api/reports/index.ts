// The door of api/reports/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { registerReportExportRoute } from './export-route';
export { configurePageSpeed, pageSpeedIdle } from './page-speed';
export type { PageSpeedOptions } from './page-speed';
export { reportResolvers } from './resolvers';
