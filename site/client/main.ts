// The client entry of the public site: hydrates every [data-island] root from its JSON props with
// the island's component, loaded on demand from the registry. An island that fails to load or
// throws leaves its prerendered HTML in place (the page stays readable without it).
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands } from './registry';

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

export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const roots = [...root.querySelectorAll<HTMLElement>('[data-island]')].filter((el) => !el.dataset.hydrated);
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
    }
  }));
}

if (typeof document !== 'undefined' && !import.meta.env?.VITEST) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => { void hydrateIslands(); });
  else void hydrateIslands();
}
