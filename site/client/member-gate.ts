// The gate decision of the current page, asked once (getGatedContent counts the view on the meter)
// and shared by the gate island and the gating-form block.
import { siteApi } from './api';
import { rememberLicenseCompany } from './member-session';

export interface GatedMeter {
  status: 'passed-metered-more' | 'passed-metered-out' | 'failed-metered';
  views: number;
  viewsRemaining: number;
  allowedViews: number;
  meteringPeriod: number;
  expirationDate: string;
  /** The meter bar text, placeholders already filled by the API. */
  text: string;
}

export interface GatedImage { id: number; path: string; alt: string | null; caption: string | null; credit: string | null; width: number | null; height: number | null }

export interface GatedContent {
  id: number;
  gatingType: string | null;
  gatingStatus: 'passed' | 'failed';
  passedBy: string | null;
  canRead: boolean;
  gate: 'none' | 'join-login' | 'gating-form' | 'survey';
  showGatingForm: boolean;
  hiddenBlocks: string[];
  meter: GatedMeter | null;
  licenseCompany: string | null;
  body: string | null;
  /** The item's content sidebars (sanitised by the API), when the reader may read it. */
  sidebars?: string[];
  images: GatedImage[];
  requiredMemberships: { id: number; title: string; alias: string; isFree: boolean }[];
  /** With gate 'survey': where the reader answers the audience provider's survey. */
  surveyUrl?: string | null;
}

const answers = new Map<number, Promise<GatedContent>>();

export function gatedContent(id: number): Promise<GatedContent> {
  let p = answers.get(id);
  if (!p) {
    p = siteApi().query<GatedContent>('getGatedContent', { id }).then((g) => {
      rememberLicenseCompany(g.licenseCompany);
      return g;
    });
    p.catch(() => answers.delete(id));
    answers.set(id, p);
  }
  return p;
}

/** Test hook. */
export function forgetGatedContent(): void {
  answers.clear();
}
