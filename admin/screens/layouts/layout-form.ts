// Layout form (admin §3.1): which fields show for which type, validation with the shared
// layoutSchema, and the write sent to the API. Hidden fields are cleared before validating and
// saving, so a field the editor cannot see never blocks a save or leaks into the layout.
import { LAYOUT_AD_EXCLUSIONS, type LayoutType } from '../../../engine/domain/enums';
import { layoutSchema, type Grid } from '../../../engine/domain/layout';
import type { LayoutDetail } from '../../data/types';
import type { LayoutWrite } from '../../data/api';
import { issuesToErrors, requiredSelect, type FieldErrors } from '../../lib/validation';

export const MODULE_KEYS = [
  { value: 'leaders', label: 'Leaders' },
  { value: 'memberships', label: 'Memberships' },
  { value: 'sourceesb', label: 'SourceESB parts directory' },
];

export const LAYOUT_TYPE_LABELS: Record<LayoutType, string> = {
  content: 'Content',
  section: 'Section',
  'content-override': 'Content override',
  'content-type-override': 'Content type override',
  'url-override': 'URL override',
  module: 'Module',
};

export interface LayoutForm {
  name: string;
  type: LayoutType | '';
  key: string;
  aliases: string[];
  propagate: boolean;
  pageType: string;
  contentTypes: string[];
  contentIds: string;
  sectionIds: number[];
  gatingRequirements: string;
  isGlobal: boolean;
  tenants: string[];
  hideHeader: boolean;
  hideFooter: boolean;
  loadMoreType: string;
  excludeAds: Record<string, boolean>;
  primaryGrid: Grid;
}

export type LayoutField =
  | 'key' | 'aliases' | 'propagate' | 'pageType' | 'contentTypes' | 'contentIds' | 'sectionIds'
  | 'gatingRequirements' | 'tenants' | 'hideHeader' | 'hideFooter' | 'loadMoreType' | 'excludeAds';

/** The conditional fields shown for a layout type (name, type and isGlobal always show). */
export function visibleFields(type: LayoutType | '', propagate: boolean, isGlobal: boolean): Set<LayoutField> {
  const f = new Set<LayoutField>();
  if (!isGlobal) f.add('tenants');
  if (type === '') return f;
  if (type === 'module') {
    f.add('key');
    return f;
  }
  f.add('hideHeader');
  f.add('hideFooter');
  f.add('excludeAds');
  if (type === 'url-override') {
    f.add('aliases');
    f.add('propagate');
    if (propagate) f.add('pageType');
  }
  // A section layout may be the home page's (pageType home).
  if (type === 'section') f.add('pageType');
  if (type === 'content-type-override' || type === 'content-override') f.add('contentTypes');
  if (type === 'content-override') f.add('contentIds');
  if (type === 'section') f.add('sectionIds');
  if (type === 'content' || type === 'content-override' || type === 'content-type-override') f.add('gatingRequirements');
  if (type === 'section' || type === 'url-override') f.add('loadMoreType');
  return f;
}

export function emptyLayout(tenantKey: string): LayoutForm {
  return {
    name: '', type: '', key: '', aliases: [''], propagate: false, pageType: '', contentTypes: [], contentIds: '',
    sectionIds: [], gatingRequirements: '', isGlobal: false, tenants: [tenantKey], hideHeader: false, hideFooter: false,
    loadMoreType: 'none', excludeAds: {}, primaryGrid: { rows: [] },
  };
}

export function fromLayout(l: LayoutDetail): LayoutForm {
  return {
    name: l.name, type: l.type as LayoutType, key: l.key ?? '', aliases: l.aliases.length ? l.aliases : [''], propagate: l.propagate,
    pageType: l.pageType ?? '', contentTypes: l.contentTypes, contentIds: l.contentIds.join(', '), sectionIds: l.sectionIds,
    gatingRequirements: l.gatingRequirements ?? '', isGlobal: l.isGlobal, tenants: l.tenants ?? [], hideHeader: l.hideHeader,
    hideFooter: l.hideFooter, loadMoreType: l.loadMoreType, excludeAds: Object.fromEntries(Object.entries(l.excludeAds ?? {}).filter(([, v]) => v)) as Record<string, boolean>,
    primaryGrid: l.primaryGrid ?? { rows: [] },
  };
}

export function parseIds(text: string): number[] {
  return text.split(/[\s,]+/).filter(Boolean).map(Number);
}

/** The layout as layoutSchema input, hidden fields cleared. */
export function toSchemaInput(f: LayoutForm): Record<string, unknown> {
  const show = visibleFields(f.type, f.propagate, f.isGlobal);
  return {
    id: 1, name: f.name, type: f.type || undefined,
    ...(show.has('key') && f.key ? { key: f.key } : {}),
    aliases: show.has('aliases') ? f.aliases.map((a) => a.trim()).filter(Boolean) : [],
    propagate: show.has('propagate') ? f.propagate : false,
    ...(show.has('pageType') && f.pageType ? { pageType: f.pageType } : {}),
    contentTypes: show.has('contentTypes') ? f.contentTypes : [],
    contentIds: show.has('contentIds') ? parseIds(f.contentIds) : [],
    sectionIds: show.has('sectionIds') ? f.sectionIds : [],
    ...(show.has('gatingRequirements') && f.gatingRequirements ? { gatingRequirements: f.gatingRequirements } : {}),
    isGlobal: f.isGlobal,
    hideHeader: show.has('hideHeader') ? f.hideHeader : false,
    hideFooter: show.has('hideFooter') ? f.hideFooter : false,
    loadMoreType: show.has('loadMoreType') ? f.loadMoreType : 'none',
    excludeAds: show.has('excludeAds') ? Object.fromEntries(LAYOUT_AD_EXCLUSIONS.filter((k) => f.excludeAds[k]).map((k) => [k, true])) : {},
    primaryGrid: f.primaryGrid,
  };
}

export function validateLayout(f: LayoutForm): FieldErrors {
  const r = layoutSchema.safeParse(toSchemaInput(f));
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  delete errors.id;
  const type = requiredSelect(f.type);
  if (type) errors.type = type;
  if (errors['aliases']) errors['aliases.0'] = errors['aliases'];
  if (visibleFields(f.type, f.propagate, f.isGlobal).has('contentIds') && parseIds(f.contentIds).some((n) => !/^\d{8}$/.test(String(n)))) {
    errors.contentIds = 'Must be 8-digit content ids separated by commas';
  }
  return errors;
}

export function toLayoutWrite(f: LayoutForm): LayoutWrite {
  const i = toSchemaInput(f);
  const { id: _id, ...rest } = i;
  return rest as unknown as LayoutWrite;
}
