// Every island the client can hydrate, by its data-island name. Each loads as its own chunk, so a
// page downloads only the islands it shows. One line per island; keep the names in sync with the
// <Island name=…> that renders it (site/island.tsx).
import type { ComponentType } from 'react';

export type IslandComponent = ComponentType<any>;
export type IslandLoader = () => Promise<IslandComponent>;

export const islands: Record<string, IslandLoader> = {
};
