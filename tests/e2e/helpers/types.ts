// What a browser test runs against: the admin and the public sites of one installation.
export interface Target {
  kind: 'stack' | 'serve';
  adminUrl(path?: string): string;
  publicUrl(tenantKey: string, path?: string): string;
  /** Resolves when queued rebuilds are done (stack only; serve resolves at once). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}
