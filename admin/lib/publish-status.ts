// The publishing indicator after a save: queued → building → live (with the build id), read from
// getBuildStatus. A save counts as live once a build other than the one live before the save has
// finished, or once a build finished no earlier than the save (server clock, when known).

export type BuildState = 'queued' | 'building' | 'live' | 'failed';

export interface BuildStatus {
  state: BuildState;
  buildId: string | null;
  startedAt?: number | string | null;
  finishedAt?: number | string | null;
  pagesWritten?: number | null;
  /** When the oldest waiting change was recorded. */
  requestedAt?: string | null;
  /** Why the last build failed. */
  error?: string | null;
  /** The server's configuration warnings (e.g. the captcha is switched off), for the dashboard. */
  warnings?: string[];
}

export type IndicatorPhase = 'saving' | 'queued' | 'building' | 'live' | 'failed' | 'unknown';

export interface Indicator {
  phase: IndicatorPhase;
  buildId: string | null;
  pagesWritten: number | null;
}

function ms(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Date.parse(v);
  return Number.isNaN(n) ? null : n;
}

/**
 * The indicator for a save given the build live before it (`previousBuildId`), the save's server
 * time when the API gave one, and the latest status.
 */
export function deriveIndicator(
  previousBuildId: string | null,
  savedAt: number | null,
  status: BuildStatus | null,
): Indicator {
  if (!status) return { phase: 'unknown', buildId: null, pagesWritten: null };
  const base = { buildId: status.buildId, pagesWritten: status.pagesWritten ?? null };
  if (status.state === 'queued' || status.state === 'building' || status.state === 'failed') {
    return { phase: status.state, ...base };
  }
  const finished = ms(status.finishedAt);
  const newBuild = status.buildId !== null && status.buildId !== previousBuildId;
  const afterSave = savedAt !== null && finished !== null && finished >= savedAt;
  return { phase: newBuild || afterSave ? 'live' : 'queued', ...base };
}

export function isSettled(i: Indicator): boolean {
  return i.phase === 'live' || i.phase === 'failed';
}

export const PHASE_LABEL: Record<IndicatorPhase, string> = {
  saving: 'Saving…',
  queued: 'Queued',
  building: 'Building',
  live: 'Live',
  failed: 'Build failed',
  unknown: 'Saved',
};
