// Local ESLint rules for DESIGN.md §2: which of our folders may import which, and no import cycles.
// Relative specifiers are resolved against the importing file, so the rules see real folders.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const EXTS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function resolveSpecifier(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  for (const ext of EXTS) {
    const candidate = base + ext;
    if (existsSync(candidate) && !candidate.endsWith(sep)) {
      try { readFileSync(candidate); return candidate; } catch { /* a folder */ }
    }
  }
  return base;
}

/** The first folder of `folders` that contains `file` (longest match wins). */
function folderOf(file, folders) {
  const rel = relative(ROOT, file).split(sep).join('/');
  let best = null;
  for (const f of folders) if ((rel === f || rel.startsWith(`${f}/`)) && (!best || f.length > best.length)) best = f;
  return best;
}

function importSpecifiers(source) {
  const out = [];
  const re = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  let m;
  while ((m = re.exec(source))) out.push(m[1] ?? m[2]);
  return out;
}

const direction = {
  meta: {
    type: 'problem', schema: [{ type: 'object' }, { type: 'object' }],
    messages: {
      forbidden: '{{from}} may not import {{to}} (DESIGN.md §2: {{from}} may import only {{allowed}}).',
      internal: '{{from}} may enter {{to}} only through {{entries}}, not {{file}}.',
    },
  },
  create(context) {
    const allowed = context.options[0] ?? {};
    /** { [folder]: { [importing folder]: files it may import } }: a folder's only doors for that importer. */
    const entryPoints = context.options[1] ?? {};
    const folders = Object.keys(allowed);
    const file = context.filename;
    const from = folderOf(file, folders);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(file, spec);
      if (!target) return;
      const to = folderOf(target, folders);
      if (!to || to === from) return;
      if (!allowed[from].includes(to)) {
        context.report({ node, messageId: 'forbidden', data: { from, to, allowed: allowed[from].join(', ') || 'nothing of ours' } });
        return;
      }
      const entries = entryPoints[to]?.[from];
      const rel = relative(ROOT, target).split(sep).join('/');
      if (entries && !entries.includes(rel)) context.report({ node, messageId: 'internal', data: { from, to, entries: entries.join(', '), file: rel } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

const graphCache = new Map();
function importsOf(file) {
  if (graphCache.has(file)) return graphCache.get(file);
  let deps = [];
  try {
    deps = importSpecifiers(readFileSync(file, 'utf8')).map((s) => resolveSpecifier(file, s)).filter((f) => f && existsSync(f));
  } catch { /* unreadable: no edges */ }
  graphCache.set(file, deps);
  return deps;
}

const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{path}}' } },
  create(context) {
    const file = context.filename;
    return {
      'Program:exit'(node) {
        graphCache.delete(file);
        const seen = new Set();
        const stack = [[file, [file]]];
        while (stack.length) {
          const [cur, path] = stack.pop();
          for (const dep of importsOf(cur)) {
            if (dep === file) {
              context.report({ node, messageId: 'cycle', data: { path: [...path, dep].map((p) => relative(ROOT, p)).join(' → ') } });
              return;
            }
            if (!seen.has(dep) && dep.startsWith(ROOT) && !dep.includes(`${sep}node_modules${sep}`)) {
              seen.add(dep);
              stack.push([dep, [...path, dep]]);
            }
          }
        }
      },
    };
  },
};

export default { rules: { direction, 'no-cycle': noCycle } };
