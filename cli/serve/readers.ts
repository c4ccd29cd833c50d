/**
 * Read-only SQLite connections `masthead serve` opens beside its writer (OpenOptions.readers): the
 * API's reads then run side by side on libuv's threads instead of queueing behind every write.
 * Two is what a 2-core machine uses well (bench/api.ts --readers compares counts).
 */
export const SERVE_READERS = 2;
