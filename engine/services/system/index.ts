// The door of engine/services/system/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { recordFolders } from './disk-use';
export { IP_TEST_LIMIT, IP_TEST_PATH, ipTestAnswer, ipTestPage } from './ip-test';
export { recordJobs, type RecordedRunner } from './jobs';
export { getSystemStatus, rebuildTenant, runBackgroundJob, type SystemStatus } from './operations';
export { createThemeTestLink, THEME_TEST_PATH, themeTestPage } from './theme-test';
