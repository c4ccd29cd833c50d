// Pieces every magazine operation shares: which permission guards what (admin §6), the change event
// the rebuild queue receives, and the tenant checks of referenced ids (publications, assets).
import { issuePath, publicationPath } from '../../domain/magazine';
import type { Permission } from '../../domain/permissions';
import { badInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { readMagazinePublication, type MagazinePublicationRow } from '../../store/queries/magazine-admin';
import type { ChangeEvent } from '../kernel/services';

export const PERMS = {
  publications: ['manage_magazine_publications'],
  issues: ['manage_magazine_issues'],
  sections: ['manage_magazine_sections'],
  printExport: ['manage_print_export'],
  /** Reads: anyone working on the magazine, and those who pick a publication (issue blocks in layouts and newsletters). */
  read: [
    'manage_magazine_publications', 'manage_magazine_issues', 'manage_magazine_sections', 'manage_print_export',
    'manage_site_layouts', 'manage_newsletter_templates', 'manage_newsletter_templates_basic', 'manage_newsletter_campaigns',
  ],
} as const satisfies Record<string, readonly Permission[]>;

export type MagazineKind = 'publication' | 'issue' | 'section';

/**
 * The change event of a magazine edit: entity 'magazine', ids "<kind>:<id>", and the site pages
 * known to change (the publication page, the issue page).
 */
export function magazineChange(action: ChangeEvent['action'], kind: MagazineKind, id: number, paths: string[] = []): ChangeEvent {
  return { entity: 'magazine', action, ids: [`${kind}:${id}`], ...(paths.length ? { paths: [...new Set(paths)] } : {}) };
}

export function pagesOf(publication: { id: number; name: string } | undefined, issue?: { id: number; name: string }): string[] {
  return [...(publication ? [publicationPath(publication)] : []), ...(issue ? [issuePath(issue)] : [])];
}

/** The tenant's publication, or BAD_USER_INPUT naming `field`. */
export async function publicationRef(tx: Db, tenantKey: string, id: number, field: string): Promise<MagazinePublicationRow> {
  const p = await readMagazinePublication(tx, tenantKey, id);
  if (!p) badInput(field, `Unknown publication ${id}`);
  return p;
}

export { checkImageAssets } from '../kernel/references';
