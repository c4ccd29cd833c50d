// The PostgreSQL rebuild queue (queue/pg-queue.ts) on its own entry point: importing the build
// engine (index.ts) does not load graphile-worker; `masthead serve` loads this only for a
// postgres:// database.
export { createPgBuildQueue, type PgQueueOptions } from './queue/pg-queue';
