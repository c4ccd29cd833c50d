// Document limits checked before execution (always on): selection depth ≤ 8 and aliases ≤ 15,
// both counted through fragments as executed. Introspection fields are not counted when allowed.
import {
  GraphQLError, Kind, type ASTNode, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode,
  type ValidationContext, type ASTVisitor,
} from '../graphql';

export const MAX_DEPTH = 8;
export const MAX_ALIASES = 15;
export const MAX_TOKENS = 5000;

function fragmentsOf(doc: DocumentNode): Map<string, FragmentDefinitionNode> {
  const out = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out.set(d.name.value, d);
  return out;
}

interface Measure { depth: number; aliases: number }

/** Depth and alias count of a selection set, expanding fragments (memoised per fragment; cycles stop). */
function measure(set: SelectionSetNode, frags: Map<string, FragmentDefinitionNode>, memo: Map<string, Measure>, skipIntrospection: boolean, trail: Set<string>): Measure {
  let depth = 0;
  let aliases = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (skipIntrospection && sel.name.value.startsWith('__')) continue;
      if (sel.alias) aliases += 1;
      const inner = sel.selectionSet ? measure(sel.selectionSet, frags, memo, skipIntrospection, trail) : { depth: 0, aliases: 0 };
      depth = Math.max(depth, 1 + inner.depth);
      aliases += inner.aliases;
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const inner = measure(sel.selectionSet, frags, memo, skipIntrospection, trail);
      depth = Math.max(depth, inner.depth);
      aliases += inner.aliases;
    } else {
      const name = sel.name.value;
      const frag = frags.get(name);
      if (!frag || trail.has(name)) continue;
      let inner = memo.get(name);
      if (!inner) {
        trail.add(name);
        inner = measure(frag.selectionSet, frags, memo, skipIntrospection, trail);
        trail.delete(name);
        memo.set(name, inner);
      }
      depth = Math.max(depth, inner.depth);
      aliases += inner.aliases;
    }
    if (aliases > 10_000) break;
  }
  return { depth, aliases };
}

export function limitRule(opts: { maxDepth?: number; maxAliases?: number; skipIntrospection: boolean }) {
  const maxDepth = opts.maxDepth ?? MAX_DEPTH;
  const maxAliases = opts.maxAliases ?? MAX_ALIASES;
  return (context: ValidationContext): ASTVisitor => {
    const doc = context.getDocument();
    const frags = fragmentsOf(doc);
    const memo = new Map<string, Measure>();
    return {
      OperationDefinition(node) {
        const m = measure(node.selectionSet, frags, memo, opts.skipIntrospection, new Set());
        if (m.depth > maxDepth) {
          context.reportError(new GraphQLError(`The query is nested ${m.depth} levels deep; the limit is ${maxDepth}.`, { nodes: [node as ASTNode], extensions: { code: 'QUERY_TOO_DEEP' } }));
        }
        if (m.aliases > maxAliases) {
          context.reportError(new GraphQLError(`The query uses ${m.aliases} aliases; the limit is ${maxAliases}.`, { nodes: [node as ASTNode], extensions: { code: 'TOO_MANY_ALIASES' } }));
        }
      },
    };
  };
}
