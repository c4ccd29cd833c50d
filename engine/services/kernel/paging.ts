// List limits (admin §9): an absent limit takes the stream's default, an invalid one (not a whole
// number ≥ 1) becomes 1, and anything above the stream's cap becomes the cap.
export function clampLimit(value: unknown, fallback: number, cap: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return 1;
  return Math.min(value, cap);
}

/** Skip from pagination.skip or pagination.after (an offset cursor), bounded. */
export function skipOf(p: { skip?: unknown; after?: unknown } | null | undefined): number {
  const after = typeof p?.after === 'string' && /^\d{1,6}$/.test(p.after) ? Number(p.after) : undefined;
  const skip = typeof p?.skip === 'number' && Number.isInteger(p.skip) && p.skip > 0 ? Math.min(p.skip, 100_000) : 0;
  return after ?? skip;
}

/** A connection of `rows` read at `skip` out of `total`. */
export function connection<T>(rows: T[], skip: number, total: number) {
  const hasNextPage = skip + rows.length < total;
  return {
    edges: rows.map((node) => ({ node })),
    pageInfo: { hasNextPage, endCursor: hasNextPage ? String(skip + rows.length) : null },
    totalCount: total,
  };
}
