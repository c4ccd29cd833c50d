// Where the staff toolbar hydrates: an empty island root carrying the page's ids, and nothing of
// the toolbar itself (it appears only once the API confirms a staff session). A draft preview gets
// no root at all, but a banner saying it is a preview.
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageView } from '../model';
import { Island } from '../island';
import { StaffToolbar, type StaffToolbarProps } from './staff-toolbar';
import { escapeLikeReact, stringRenderers } from '../print-html';

/** The toolbar's server markup: its first render is empty whatever the page (no staff session yet). */
let toolbarInner: string | null = null;

export const PREVIEW_BANNER = 'Preview: this is how the item looks with its current changes. It is not published by this preview.';

export function staffToolbarProps(page: PageView): StaffToolbarProps {
  return {
    contentId: page.content?.id ?? null,
    sectionId: page.kind === 'section' || page.kind === 'home' ? page.sectionId ?? null : null,
    layoutId: page.layoutId,
  };
}

/** The HTML placed at the end of <body> (site/document.tsx). */
export function staffToolbarRoot(page: PageView): string {
  if (page.preview) return renderToStaticMarkup(<div className="preview-banner" role="status">{PREVIEW_BANNER}</div>);
  if (page.kind === 'print' || page.kind === 'not-found') return '';
  const props = staffToolbarProps(page);
  if (!stringRenderers.on) return renderToStaticMarkup(<Island name="staff-toolbar" props={{ ...props }} component={StaffToolbar} className="staff-toolbar-root" />);
  toolbarInner ??= renderToStaticMarkup(<StaffToolbar />);
  return `<div class="staff-toolbar-root" data-island="staff-toolbar" data-props="${escapeLikeReact(JSON.stringify(props))}">${toolbarInner}</div>`;
}
