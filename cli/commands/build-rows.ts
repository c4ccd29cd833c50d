// One tenant's row of build progress, shared by the plain lines and the Ink view.
export interface Row { key: string; done: number; total: number; startedAt: number | null; finishedMs: number | null }

export const fmt = (n: number) => n.toLocaleString('en-US');
