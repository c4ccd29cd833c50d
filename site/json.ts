// JSON that is safe inside HTML: every "<" is written \u003c, so a value holding "</script>" or
// "<!--" cannot end or change a <script> element; the JavaScript line separators U+2028/U+2029
// are escaped too. The result is still valid JSON that parses to the same value.

export function escapeJsonForHtml(value: unknown): string {
  let json = JSON.stringify(value) ?? 'null';
  // Native passes, and only when needed: this runs twice per page.
  if (json.includes('<')) json = json.replace(/</g, '\\u003c');
  if (json.includes('\u2028')) json = json.replace(/\u2028/g, '\\u2028');
  if (json.includes('\u2029')) json = json.replace(/\u2029/g, '\\u2029');
  return json;
}
