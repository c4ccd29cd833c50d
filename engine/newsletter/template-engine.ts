// A tiny logic-less template language for the MJML files in templates/newsletter/:
//   {{name}}            the value, HTML-escaped (& < > " '; engine/domain/html-escape.ts)
//   {{{name}}}          the value as is (markup the renderer built from other templates)
//   {{#name}}…{{/name}}  the inside only when the value is non-empty
//   {{^name}}…{{/name}}  the inside only when the value is empty
// Files are read once and compiled to token lists; a missing value is a template bug and throws.
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../domain/html-escape';

export type TemplateData = Record<string, string | number | boolean | null | undefined>;
export type Token =
  | { t: 'text'; v: string }
  | { t: 'var'; name: string; raw: boolean }
  | { t: 'section'; name: string; inverted: boolean; body: Token[] };

export const TEMPLATE_DIR = new URL('../../templates/newsletter/', import.meta.url);


const TAG = /\{\{\{\s*([\w.-]+)\s*\}\}\}|\{\{([#^/]?)\s*([\w.-]+)\s*\}\}/g;

export function compileTemplate(source: string, file = 'template'): Token[] {
  const root: Token[] = [];
  const stack: { name: string; body: Token[] }[] = [{ name: '', body: root }];
  let last = 0;
  for (const m of source.matchAll(TAG)) {
    const top = stack[stack.length - 1]!;
    if (m.index > last) top.body.push({ t: 'text', v: source.slice(last, m.index) });
    last = m.index + m[0].length;
    if (m[1]) {
      top.body.push({ t: 'var', name: m[1], raw: true });
    } else if (m[2] === '#' || m[2] === '^') {
      const section: Token = { t: 'section', name: m[3]!, inverted: m[2] === '^', body: [] };
      top.body.push(section);
      stack.push({ name: m[3]!, body: section.body });
    } else if (m[2] === '/') {
      if (stack.length === 1 || top.name !== m[3]) throw new Error(`${file}: {{/${m[3]}}} closes nothing open`);
      stack.pop();
    } else {
      top.body.push({ t: 'var', name: m[3]!, raw: false });
    }
  }
  if (stack.length > 1) throw new Error(`${file}: {{#${stack[stack.length - 1]!.name}}} is not closed`);
  if (last < source.length) root.push({ t: 'text', v: source.slice(last) });
  return root;
}

const empty = (v: unknown) => v === undefined || v === null || v === false || v === '' || v === 0;

function run(tokens: Token[], data: TemplateData, file: string, out: string[]): void {
  for (const tok of tokens) {
    if (tok.t === 'text') out.push(tok.v);
    else if (tok.t === 'section') {
      if (empty(data[tok.name]) === tok.inverted) run(tok.body, data, file, out);
    } else {
      if (!(tok.name in data)) throw new Error(`${file}: no value for {{${tok.name}}}`);
      const v = data[tok.name];
      const s = v === undefined || v === null || v === false ? '' : String(v);
      out.push(tok.raw ? s : escapeHtml(s));
    }
  }
}

const cache = new Map<string, Token[]>();

/** Renders templates/newsletter/<name>.mjml with `data`. */
export function renderTemplate(name: string, data: TemplateData): string {
  let tokens = cache.get(name);
  if (!tokens) {
    const file = new URL(`${name}.mjml`, TEMPLATE_DIR);
    tokens = compileTemplate(readFileSync(file, 'utf8'), `templates/newsletter/${name}.mjml`);
    cache.set(name, tokens);
  }
  return renderTokens(tokens, data, name);
}

/** Renders compiled tokens (see compileTemplate). */
export function renderTokens(tokens: Token[], data: TemplateData, file = 'template'): string {
  const out: string[] = [];
  run(tokens, data, file, out);
  return out.join('');
}

/** Forgets compiled templates (watch mode and tests that edit template files). */
export function clearTemplateCache(): void {
  cache.clear();
}
