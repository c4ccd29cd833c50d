// Security headers for static hosts, the same ones `masthead serve` sends with a site's pages
// (security-headers.ts): `_headers` for Netlify-style hosts and `nginx-security-headers.conf`, an
// nginx snippet to `include` inside the tenant's https `server` block.
import { DOCUMENT_CSP, staticSiteHeaders, SVG_CSP } from './security-headers';
import type { EmittedFile, TenantIndex } from '../types';

/** `_headers` (every path) and the nginx snippet; `extraScripts` is the tenant's script allow-list. */
export function emitHeaders(_index: TenantIndex, extraScripts: readonly string[] = []): EmittedFile[] {
  const headers = Object.entries(staticSiteHeaders(extraScripts));
  const netlify = [
    '# Security headers of every page (engine/build/security-headers.ts).', '/*', ...headers.map(([k, v]) => `  ${k}: ${v}`),
    // Files opened directly run in a sandbox, as masthead serve sends them: documents (fixture files,
    // media-library uploads) and images (SVGs must not run script). Hosts add these to the rule above.
    '', '# Documents and media opened directly: no script, no plugin, an origin of their own.',
    ...['/files/*', '/media/*'].flatMap((p) => [p, `  Content-Security-Policy: ${DOCUMENT_CSP}`]),
    '/images/*', `  Content-Security-Policy: ${SVG_CSP}`,
  ].join('\n');
  const line = ([k, v]: [string, string]) => `add_header ${k} "${v}" always;`;
  // nginx drops the server block's add_header lines in a location that has its own, so each
  // sandboxed location repeats the page headers with its own Content-Security-Policy.
  const sandboxed = (path: string, csp: string) => [
    `location ^~ ${path} {`, ...headers.map(([k, v]) => `  ${line([k, k === 'Content-Security-Policy' ? csp : v])}`), '}',
  ];
  const nginx = [
    '# Security headers of every page (engine/build/security-headers.ts). Include inside the https',
    '# server block; "always" keeps them on error pages. Strict-Transport-Security belongs on https only.',
    ...headers.map(line),
    '', '# Documents and media opened directly: no script, no plugin, an origin of their own (as masthead serve sends them).',
    ...sandboxed('/files/', DOCUMENT_CSP), ...sandboxed('/media/', DOCUMENT_CSP),
    '# Images: SVGs must not run script.',
    ...sandboxed('/images/', SVG_CSP),
  ].join('\n');
  return [
    { path: '_headers', body: `${netlify}\n`, contentType: 'text/plain; charset=utf-8' },
    { path: 'nginx-security-headers.conf', body: `${nginx}\n`, contentType: 'text/plain; charset=utf-8' },
  ];
}
