// The client entry of the public site: hydrates every [data-island] root from its JSON props with
// the island's component, loaded on demand from the registry (one chunk per island). An island
// that fails to load or throws leaves its prerendered HTML in place (the page stays readable
// without it); a chunk that failed to download reloads the page once (build-poll.ts). An island
// inside another hydrated island belongs to that island's tree and is not hydrated on its own.
// The entry also starts consent and the event client (consent.ts, events.ts) and the build poll (builds/latest.json). Hydration waits for the browser to be
// idle (at most 2000 ms), so islands never compete with the first paint.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands } from './registry';
import { startConsent } from './consent';
import { startEvents } from './events';
import { ADS_CONFIG_ID } from '../../engine/domain/ads-config';
import { installBuildPoll, installChunkReload, isChunkLoadError, reloadForChunk } from './build-poll';

function propsOf(el: HTMLElement): Record<string, unknown> {
  const raw = el.dataset.props;
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** True when an ancestor island root of `el` is hydrated by the registry (it owns `el`). */
function ownedByIsland(el: HTMLElement): boolean {
  const owner = el.parentElement?.closest<HTMLElement>('[data-island]');
  return !!owner && !!islands[owner.dataset.island ?? ''];
}

export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const roots = [...root.querySelectorAll<HTMLElement>('[data-island]')].filter((el) => !el.dataset.hydrated && !ownedByIsland(el));
  await Promise.all(roots.map(async (el) => {
    const load = islands[el.dataset.island ?? ''];
    if (!load) return;
    el.dataset.hydrated = 'pending';
    try {
      const Component = await load();
      hydrateRoot(el, createElement(Component, propsOf(el)));
      el.dataset.hydrated = 'true';
    } catch (e) {
      el.dataset.hydrated = 'failed';
      console.error(`island ${el.dataset.island ?? ''} failed`, e);
      if (isChunkLoadError(e)) reloadForChunk();
    }
  }));
}

/** Public §9: islands hydrate when the browser is idle, and at the latest after this long. */
export const LAZY_HYDRATION_IDLE_TIMEOUT_MS = 2000;

/** Runs `run` at the browser's next idle period, or after the timeout when it never idles. */
export function whenIdle(run: () => void, timeout = LAZY_HYDRATION_IDLE_TIMEOUT_MS): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout });
  else setTimeout(run, 1);
}

if (typeof document !== 'undefined' && !import.meta.env?.VITEST) {
  installChunkReload();
  installBuildPoll();
  const start = () => {
    // Consent first: it decides which third-party scripts start and which events are sent.
    const consent = startConsent();
    startEvents(consent);
    // Ads load as their own chunk, only on pages that have slots (issue 19).
    if (document.getElementById(ADS_CONFIG_ID)) void import('./ads').then((m) => m.startAds(consent)).catch((e: unknown) => console.error('ads failed', e));
    whenIdle(() => { void hydrateIslands(); });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}
