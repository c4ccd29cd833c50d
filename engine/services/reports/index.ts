// The door of engine/services/reports/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { reportFile, reportFileFormat, type ReportFile, type ReportFileFormat } from './export';
export { configurePageSpeed, pageSpeedIdle, type PageSpeedOptions } from './page-speed';
export { getPageSpeedReport, startPageSpeedRun } from './page-speed-report';
export { answerReport, CACHED_REPORTS, runReport, type ReportAnswer } from './run';
