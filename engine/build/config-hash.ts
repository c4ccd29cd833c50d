// The "tpl" input: a hash of everything besides the database that decides a build's bytes: the
// site's components and styles, the templates, the build and domain code, the origin template and
// the client bundle's entry. A different hash means every output may differ: a full build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digest } from './deps';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Folders whose files the build's output depends on (tests are skipped). */
export const CONFIG_DIRS = ['site', 'templates', 'engine/build', 'engine/domain', 'engine/newsletter'];
const SOURCE = /\.(tsx?|mjs|css|mjml|json|html|hbs|svg)$/;

function walk(dir: string, out: string[]): void {
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const n of names.sort()) {
    const p = join(dir, n);
    let st;
    try { st = statSync(p); } catch { continue; }
    if (st.isDirectory()) { if (n !== 'node_modules' && !n.startsWith('.')) walk(p, out); }
    else if (SOURCE.test(n) && !/\.test\.tsx?$/.test(n)) out.push(p);
  }
}

/** Hash of the code and config a build of `originTemplate` with `clientEntry` uses. */
export function configHash(originTemplate: string, clientEntry: string | null): string {
  const files: string[] = [];
  for (const d of CONFIG_DIRS) walk(join(ROOT, d), files);
  const parts: (string | Buffer)[] = [originTemplate, '\0', clientEntry ?? '', '\0'];
  for (const f of files) parts.push(f.slice(ROOT.length), '\0', readFileSync(f), '\0');
  return digest(...parts);
}
