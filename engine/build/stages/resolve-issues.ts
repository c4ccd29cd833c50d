// Issue cards (admin §2.2, §9): a publication's live issues and the card each shows — on the
// publication page (latest issue, archive) and in issue list blocks of any layout. Pure functions of
// the build context.
import { issueMonthYear } from '../../domain/magazine';
import type { ImageView, IssueCardView } from '../../../site/model';
import { imageView, type ResolveContext } from './resolve-context';
import type { BuildIssue } from '../types';

/** A cover from the issue's cover image: the media library asset at that path (with its size), else none. */
export function issueCover(ctx: ResolveContext, issue: BuildIssue): ImageView | null {
  if (!issue.coverImage) return null;
  for (const a of ctx.assets.values()) {
    if (a.path === issue.coverImage) return imageView({ ...a, alt: a.alt || `Cover of the ${issueMonthYear(issue.issueDate)} issue` });
  }
  return null;
}

export function issueCard(ctx: ResolveContext, issue: BuildIssue): IssueCardView {
  return { title: issue.name, href: issue.path, date: issueMonthYear(issue.issueDate), cover: issueCover(ctx, issue), description: issue.description };
}

/** The publication's live issues, newest first. */
export function publicationIssues(ctx: ResolveContext, publicationId: number): BuildIssue[] {
  return (ctx.index.magazine?.issues ?? []).filter((i) => i.publicationId === publicationId);
}
