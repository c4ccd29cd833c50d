// Mutation-XSS and nesting payloads (after Cure53's DOMPurify reports and the html5sec.org list):
// markup a sanitiser reads one way and a browser, re-parsing the output, reads another; and
// elements left open so that a careless sanitiser drops everything after them. Every entry is
// self-contained (its quotes balanced), so text placed after it is ordinary content.
import type { CheerioAPI } from 'cheerio';

export const MXSS_CORPUS: readonly string[] = [
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<svg><p><style><g title="</style><img src=x onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<textarea><p title="</textarea><img src=x onerror=alert(1)>">',
  '<title><p title="</title><img src=x onerror=alert(1)>">',
  '<iframe src="about:blank"><p>swallowed?</p>',
  '<iframe/><p>after a self-closed iframe</p>',
  '<object data="x"><p>inside an object left open</p>',
  '<template><p>inside a template left open</p>',
  '<select><option>o<p>inside an option left open</p>',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>">',
  '<a href="javascript&colon;alert(1)">colon entity</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">decimal entities</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab entity</a>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<p><svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg></p>',
  '<table><td><style><img src=x onerror=alert(1)></style></td></table>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<p title="--><img src=x onerror=alert(1)>">comment close in an attribute</p>',
  '<script>alert(1)<p>a script left open</p>',
  '<style>p{}<p>a style left open</p>',
];

/**
 * What would run in a parsed page or mail: every event-handler attribute and every attribute whose
 * value is a javascript: URL once a browser drops the blanks and control characters it ignores, as
 * `attribute on <tag>` (empty when the document is inert).
 */
export function activeAttributes($: CheerioAPI): string[] {
  const found: string[] = [];
  $('*').each((_, el) => {
    const { tagName, attribs } = el as unknown as { tagName: string; attribs?: Record<string, string> };
    for (const [name, value] of Object.entries(attribs ?? {})) {
      // eslint-disable-next-line no-control-regex -- browsers drop these before reading a URL's scheme
      if (name.toLowerCase().startsWith('on') || /^javascript:/i.test(value.replace(/[\s\u0000-\u001f]/g, ''))) found.push(`${name}="${value}" on <${tagName}>`);
    }
  });
  return found;
}
