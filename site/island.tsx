// Where an island hydrates: a marked root with its props as escaped JSON. With `component`, the
// server renders that component from the same props the client hydrates it with (site/client/
// main.ts), so the page is complete before any script runs; without it, `children` is the static
// fallback the island replaces. React escapes the attribute; props must be JSON values only.
import type { ComponentType, ReactNode } from 'react';

type Props = Record<string, unknown>;

export function Island<P extends Props>({ name, props, component: Component, className, children }: {
  name: string;
  props?: P;
  component?: ComponentType<P>;
  className?: string;
  children?: ReactNode;
}) {
  const json = props && Object.keys(props).length ? JSON.stringify(props) : undefined;
  return (
    <div className={className} data-island={name} data-props={json}>
      {Component ? <Component {...(props ?? ({} as P))} /> : children}
    </div>
  );
}
