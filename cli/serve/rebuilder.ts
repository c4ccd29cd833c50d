// Rebuilds a tenant after an edit: one build at a time per tenant, and requests that arrive while a
// build runs coalesce into one follow-up build.
import PQueue from 'p-queue';

export interface Rebuilder {
  request(tenantKey: string): void;
  /** Resolves when every requested rebuild has finished. */
  idle(): Promise<void>;
}

export function createRebuilder(build: (tenantKey: string) => Promise<unknown>, onError: (tenantKey: string, e: unknown) => void): Rebuilder {
  const queues = new Map<string, PQueue>();
  const pending = new Set<string>();
  return {
    request(tenantKey) {
      if (pending.has(tenantKey)) return;
      pending.add(tenantKey);
      let q = queues.get(tenantKey);
      if (!q) queues.set(tenantKey, (q = new PQueue({ concurrency: 1 })));
      void q.add(async () => {
        pending.delete(tenantKey);
        try {
          await build(tenantKey);
        } catch (e) {
          onError(tenantKey, e);
        }
      });
    },
    async idle() {
      await Promise.all([...queues.values()].map((q) => q.onIdle()));
    },
  };
}
