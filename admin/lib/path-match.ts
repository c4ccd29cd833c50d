// Route patterns of the admin (admin §2.2): literal segments and :params, matched against the
// path below /admin. Pure, so the route table is tested without a browser.

export const ADMIN_BASE = '/admin';

export type Params = Record<string, string>;

/** Matches `/edit-content/:id` against `/edit-content/10100001`; null when it does not match. */
export function matchPath(pattern: string, path: string): Params | null {
  const want = split(pattern);
  const got = split(path);
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(g);
      } catch {
        return null;
      }
      params[w.slice(1)] = value;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** The part of a browser path below /admin ("/" for /admin itself); null outside the admin. */
export function adminSubPath(pathname: string): string | null {
  if (pathname === ADMIN_BASE || pathname === `${ADMIN_BASE}/`) return '/';
  if (!pathname.startsWith(`${ADMIN_BASE}/`)) return null;
  const rest = pathname.slice(ADMIN_BASE.length);
  return rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
}

/** Joins the admin base and a sub path: adminHref('/content') is '/admin/content'. */
export function adminHref(sub: string): string {
  if (sub === '/' || sub === '') return ADMIN_BASE;
  return `${ADMIN_BASE}${sub.startsWith('/') ? sub : `/${sub}`}`;
}
