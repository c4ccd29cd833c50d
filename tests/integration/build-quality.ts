// Checks every built page the way a validator, a screen reader and a crawler would: html-validate
// (recommended preset, with only the changes documented below), lang, exactly one h1, alt on every
// img, the header/nav/main/footer landmarks, and internal links that resolve to built files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { elements, listFiles, parseHtml } from './build-site-fixture';

// html-validate's recommended preset, with only these changes:
// - void-style "selfclose": React's server renderer always writes void elements as <meta/>; both are valid HTML.
// - attribute-boolean-style "empty": React writes boolean attributes as required=""; both are valid HTML.
// - long-title off: the spec requires the " | <site name>" suffix on every title (public §9), so
//   titles of long headlines exceed the rule's 70 characters by design.
export const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'void-style': ['error', { style: 'selfclose' }], 'attribute-boolean-style': ['error', { style: 'empty' }], 'long-title': 'off' },
});

/**
 * The validator of newsletter web views (/newsletter/<id>, /latest-newsletter/<templateId>): the
 * same recommended preset, less the rules that forbid what an email must do to render in mail
 * clients (the web view is the email itself, see isNewsletterPage). Everything else — nesting,
 * allowed attribute values, duplicate ids, alt text, tbody, headings — still applies.
 * - no-inline-style: Gmail and Outlook drop or ignore <style> rules, so MJML inlines every style.
 * - no-deprecated-attr: align, cellpadding, cellspacing, border, bgcolor and valign on tables are
 *   what Outlook's Word engine lays out by.
 * - no-conditional-comment: the <!--[if mso]> blocks are how MJML sizes columns in Outlook.
 * - prefer-native-element: MJML wraps the body in <div role="article" aria-roledescription="email">,
 *   the accessible pattern for email (mail clients strip <article>).
 * - doctype-style, void-style, no-trailing-whitespace: MJML's serialisation (<!doctype html>,
 *   <meta>), all valid HTML.
 */
export const emailValidator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'no-inline-style': 'off', 'no-deprecated-attr': 'off', 'no-conditional-comment': 'off', 'prefer-native-element': 'off',
    'doctype-style': 'off', 'void-style': 'off', 'no-trailing-whitespace': 'off', 'long-title': 'off',
  },
});

/** Problems html-validate (emailValidator) finds in newsletter web views, and images without alt. */
export async function emailPageProblems(site: string, files: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const f of files) {
    const report = await emailValidator.validateString(readFileSync(join(site, f), 'utf8'), f);
    for (const r of report.results) for (const m of r.messages) problems.push(`${f}: ${m.ruleId}: ${m.message} (${m.selector ?? ''})`);
    const doc = parseHtml(join(site, f));
    if (!elements(doc, 'html')[0]?.attribs.lang) problems.push(`${f}: no lang`);
    for (const img of elements(doc, 'img')) if (img.attribs.alt === undefined) problems.push(`${f}: img ${img.attribs.src ?? ''} without alt`);
  }
  return problems;
}

/**
 * Newsletter pages (/newsletter/<id>, /latest-newsletter/<templateId>) are whole email documents
 * from MJML (table layout, inline styles, no landmarks), not site pages: engine/build/
 * emit-newsletters.test.ts checks them as email instead, and emailPageProblems validates them.
 */
export const isNewsletterPage = (file: string) => /^(newsletter|latest-newsletter)\/\d+\/index\.html$/.test(file);

/** Problems found in the HTML pages of a built site folder (empty when all is well). */
export async function pageProblems(site: string, files = listFiles(site)): Promise<string[]> {
  const problems: string[] = [];
  for (const f of files.filter((x) => x.endsWith('.html') && !isNewsletterPage(x))) {
    const source = readFileSync(join(site, f), 'utf8');
    const report = await validator.validateString(source, f);
    for (const r of report.results) for (const m of r.messages) problems.push(`${f}: ${m.ruleId}: ${m.message} (${m.selector ?? ''})`);
    const doc = parseHtml(join(site, f));
    if (!elements(doc, 'html')[0]?.attribs.lang) problems.push(`${f}: no lang`);
    const h1 = elements(doc, 'h1').length;
    if (h1 !== 1) problems.push(`${f}: ${h1} h1 elements`);
    for (const img of elements(doc, 'img')) if (img.attribs.alt === undefined) problems.push(`${f}: img ${img.attribs.src ?? ''} without alt`);
    for (const landmark of ['header', 'nav', 'main', 'footer']) if (elements(doc, landmark).length === 0) problems.push(`${f}: no <${landmark}>`);
  }
  return problems;
}

/** Internal links (href or src starting with a single /) that point at no built file. */
export function brokenLinks(site: string, files = listFiles(site)): string[] {
  const produced = new Set(files);
  const missing: string[] = [];
  for (const f of files.filter((x) => x.endsWith('.html'))) {
    for (const e of elements(parseHtml(join(site, f)))) {
      for (const key of ['href', 'src']) {
        const v = e.attribs[key];
        if (!v || !v.startsWith('/') || v.startsWith('//')) continue;
        const path = decodeURIComponent(v.split(/[?#]/)[0]!).replace(/^\/+/, '').replace(/\/+$/, '');
        if (!produced.has(path) && !produced.has(path ? `${path}/index.html` : 'index.html')) missing.push(`${f}: ${key}=${v}`);
      }
    }
  }
  return missing;
}
