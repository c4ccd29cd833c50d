// Local ESLint rules for DESIGN.md §2: which of our folders may import which, and no import cycles.
// Relative specifiers are resolved against the importing file, so the rules see real folders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
        // The linted file's own imports come from the text being linted (an editor's unsaved text,
        // a test's probe), every other file's from the disk; static, type-only and dynamic
        // `import()` alike: a lazy or type import that closes a loop is a cycle too.
        const own = importSpecifiers(context.sourceCode.text).map((s) => resolveSpecifier(file, s)).filter((f) => f && existsSync(f));
        const seen = new Set();
        const stack = [[file, [file]]];
        while (stack.length) {
          const [cur, path] = stack.pop();
          for (const dep of cur === file ? own : importsOf(cur)) {
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

/**
 * Domain doors (issue 38): under each `root` (api/, engine/services/), every folder is a domain,
 * except the shared kernel folders named in `kernel`. A file of one domain, a file at the root's top
 * level, or a file of an `importers` folder (cli/; api/ for the services) enters another domain only
 * through its `index.ts`; and no two domains of a root import each other (a domain that needs the
 * other's work takes it through the kernel or is entered the other way only). The rule takes one
 * options object per root. Tests are not checked: they may reach into a domain.
 */
function domainOf(abs, root) {
  const rel = relative(resolve(ROOT, root), abs).split(sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  return rel[0];
}

const domainGraphs = new Map();
/** { domain: Set of domains its non-test files import } for one lint run (cached per root). */
function domainGraph(root, kernel) {
  if (domainGraphs.has(root)) return domainGraphs.get(root);
  const graph = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const abs = resolve(dir, name.name);
      if (name.isDirectory()) walk(abs);
      else if (/\.tsx?$/.test(name.name) && !/\.test\.tsx?$/.test(name.name)) {
        const from = domainOf(abs, root);
        if (!from || kernel.includes(from)) continue;
        for (const dep of importsOf(abs)) {
          const to = domainOf(dep, root);
          if (to && to !== from && !kernel.includes(to)) {
            if (!graph.has(from)) graph.set(from, new Set());
            graph.get(from).add(to);
          }
        }
      }
    }
  };
  walk(resolve(ROOT, root));
  domainGraphs.set(root, graph);
  return graph;
}

const domainDoors = {
  meta: {
    type: 'problem',
    // One options object per layer of domains: api/ (transport) and engine/services/ (the work).
    schema: { type: 'array', items: { type: 'object', properties: { root: { type: 'string' }, kernel: { type: 'array' }, importers: { type: 'array' } } } },
    messages: {
      door: '{{to}} is entered only through {{door}} (issue 38: domain doors), not {{file}}.',
      twoWay: '{{from}} and {{to}} import each other: one of them must enter the other only through the kernel or not at all.',
    },
  },
  create(context) {
    const file = context.filename;
    if (/\.test\.tsx?$/.test(file)) return {};
    const rel = relative(ROOT, file).split(sep).join('/');
    const checks = [];
    for (const { root = 'api', kernel = [], importers = [] } of context.options.length ? context.options : [{}]) {
      const inRoot = rel.startsWith(`${root}/`);
      if (!inRoot && !importers.some((f) => rel.startsWith(`${f}/`))) continue;
      const from = inRoot ? domainOf(file, root) : null;
      if (from && kernel.includes(from)) continue;
      checks.push((node, target) => {
        const to = domainOf(target, root);
        if (!to || to === from || kernel.includes(to)) return;
        const door = `${root}/${to}/index.ts`;
        const targetRel = relative(ROOT, target).split(sep).join('/');
        if (targetRel !== door) {
          context.report({ node, messageId: 'door', data: { to: `${root}/${to}`, door, file: targetRel } });
          return;
        }
        if (from && domainGraph(root, kernel).get(to)?.has(from)) {
          context.report({ node, messageId: 'twoWay', data: { from: `${root}/${from}`, to: `${root}/${to}` } });
        }
      });
    }
    if (!checks.length) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(file, spec);
      if (!target) return;
      for (const c of checks) c(node, target);
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

export default { rules: { direction, 'no-cycle': noCycle, 'domain-doors': domainDoors } };
