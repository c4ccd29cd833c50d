// The section tree (admin §3.2): up to 3 levels. The API may answer with a nested tree (children)
// or a flat list (parentId, or a hierarchy whose last entry has fullName); both become SectionNode[].
import type { SectionNode } from './types';

export const MAX_SECTION_DEPTH = 3;

interface RawSection {
  id: number;
  name?: string;
  alias?: string;
  systemAlias?: string;
  manualAlias?: boolean;
  parentId?: number | null;
  parent?: { id: number } | null;
  description?: string | null;
  gamAlias?: string | null;
  children?: RawSection[];
  hierarchy?: { id: number; name?: string; fullName?: string }[];
}

function flatten(list: RawSection[], parentId: number | null, out: RawSection[]): void {
  for (const s of list) {
    const pid = s.parentId ?? s.parent?.id ?? (s.hierarchy && s.hierarchy.length > 1 ? s.hierarchy[s.hierarchy.length - 2]?.id : undefined) ?? parentId;
    out.push({ ...s, parentId: pid ?? null });
    if (s.children?.length) flatten(s.children, s.id, out);
  }
}

export function normaliseSections(answer: unknown): SectionNode[] {
  const list = Array.isArray(answer) ? answer : ((answer as { items?: unknown[] } | null)?.items ?? []);
  const flat: RawSection[] = [];
  flatten(list as RawSection[], null, flat);
  const byId = new Map<number, SectionNode>();
  for (const s of flat) {
    const last = s.hierarchy?.[s.hierarchy.length - 1];
    const name = s.name ?? last?.name ?? last?.fullName?.split(' › ').pop() ?? `Section ${s.id}`;
    byId.set(s.id, {
      id: s.id, name, alias: s.alias ?? s.systemAlias ?? '', systemAlias: s.systemAlias ?? s.alias ?? '',
      manualAlias: Boolean(s.manualAlias), parentId: s.parentId ?? null, description: s.description ?? null,
      gamAlias: s.gamAlias ?? null, depth: 1, fullName: name, children: [],
    });
  }
  const roots: SectionNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const walk = (nodes: SectionNode[], depth: number, prefix: string) => {
    nodes.sort((a, b) => a.name.localeCompare(b.name));
    for (const n of nodes) {
      n.depth = depth;
      n.fullName = prefix ? `${prefix} › ${n.name}` : n.name;
      walk(n.children, depth + 1, n.fullName);
    }
  };
  walk(roots, 1, '');
  return roots;
}

/** Depth-first list of the tree, for selects and searches. */
export function flattenTree(nodes: readonly SectionNode[]): SectionNode[] {
  const out: SectionNode[] = [];
  const walk = (list: readonly SectionNode[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** Sections that may be the parent of `self` (or of a new section): depth below 3, not self or below it. */
export function parentOptions(nodes: readonly SectionNode[], selfId: number | null): SectionNode[] {
  const flat = flattenTree(nodes);
  const excluded = new Set<number>();
  if (selfId !== null) {
    const self = flat.find((n) => n.id === selfId);
    if (self) for (const n of flattenTree([self])) excluded.add(n.id);
  }
  const height = selfId === null ? 1 : subtreeHeight(flat.find((n) => n.id === selfId));
  return flat.filter((n) => !excluded.has(n.id) && n.depth + height <= MAX_SECTION_DEPTH);
}

function subtreeHeight(node: SectionNode | undefined): number {
  if (!node) return 1;
  return 1 + Math.max(0, ...node.children.map((c) => subtreeHeight(c)));
}
