// Where an island will hydrate (a later issue): a marked root with its props as escaped JSON and
// a static fallback inside, so the page works before any script runs.
import type { ReactNode } from 'react';

export function Island({ name, props, className, children }: { name: string; props?: Record<string, unknown>; className?: string; children?: ReactNode }) {
  return (
    <div className={className} data-island={name} data-props={props && Object.keys(props).length ? JSON.stringify(props) : undefined}>
      {children}
    </div>
  );
}
