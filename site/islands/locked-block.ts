// Hidden blocks (public §4): on a gated page the image gallery, video player and the other blocks
// listed in engine/domain/meter.ts BLOCKS_HIDDEN_WHEN_LOCKED show only when the page's gate decision
// (getGatedContent, asked once per page) does not list them. Until it answers they stay hidden,
// and an unanswered decision fails closed. On an open page (lockedFor null) they show at once.
import { useEffect, useState } from 'react';
import type { LockedBlock } from '../../engine/domain/meter';
import { gatedContent } from '../client/member-gate';

export type LockState = 'shown' | 'pending' | 'hidden';

export function useLockedBlock(block: LockedBlock, lockedFor: number | null): LockState {
  const [state, setState] = useState<LockState>(lockedFor === null ? 'shown' : 'pending');
  useEffect(() => {
    if (lockedFor === null) return undefined;
    let live = true;
    gatedContent(lockedFor).then(
      (g) => { if (live) setState(g.hiddenBlocks.includes(block) ? 'hidden' : 'shown'); },
      () => { if (live) setState('hidden'); },
    );
    return () => { live = false; };
  }, [block, lockedFor]);
  return state;
}
