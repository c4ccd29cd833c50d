// The project's one HTML escape (issue 38): text and attribute values written into HTML strings —
// the pages and mails the API answers, the few HTML strings the build and the importers assemble,
// the newsletter template engine's {{ }}. React escapes what it renders the same way.
// The five characters are escaped everywhere, so one function is right in text and in quoted attributes.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const ANY = /[&<>"']/;
const ALL = /[&<>"']/g;

/** `text` with & < > " ' as entities, safe inside an element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return ANY.test(text) ? text.replace(ALL, (c) => ESCAPES[c]!) : text;
}
