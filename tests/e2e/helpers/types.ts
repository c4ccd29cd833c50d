// What a browser test runs against: the admin and the public sites of one installation.
export interface Target {
  kind: 'stack' | 'serve';
  adminUrl(path?: string): string;
  publicUrl(tenantKey: string, path?: string): string;
  /** Resolves when queued rebuilds are done (stack only; serve resolves at once). */
  settle(): Promise<void>;
  /** Rolls up the tracking events received so far (what `masthead serve` does on a timer), so reports see them. */
  rollupEvents(): Promise<void>;
  stop(): Promise<void>;
}
