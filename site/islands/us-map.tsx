// The US map block: every state a link on a tile grid (engine/domain/us-states.ts). Plain links
// laid out by CSS grid (classes carry each tile's row and column, so no style attributes), read in
// alphabetical order. A hidden block (public §4): on a gated page it shows only when the page's
// gate decision does not list it.
import type { UsMapStateView } from '../model';
import { useLockedBlock } from './locked-block';

export type UsMapProps = { states: UsMapStateView[]; lockedFor: number | null; label: string };

export function UsMap({ states, lockedFor, label }: UsMapProps) {
  const lock = useLockedBlock('us_map', lockedFor);
  if (lock !== 'shown') return null;
  return (
    <nav className="us-map" aria-label={label}>
      <ul>
        {states.map((s) => (
          <li key={s.code} className={`us-r${s.row} us-c${s.col}`}>
            <a href={s.href} title={s.name}><abbr aria-hidden="true">{s.code}</abbr><span className="visually-hidden">{s.name}</span></a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
