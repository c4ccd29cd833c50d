// Website section form (admin §3.2): name required; alias required when manualAlias, otherwise the
// system alias is derived from the names of the section and its parents.
import { sectionSchema } from '../../../engine/domain/records';
import { sectionSystemAlias } from '../../../engine/domain/paths';
import type { SectionWrite } from '../../data/api';
import type { SectionNode } from '../../data/types';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';

export interface SectionForm {
  name: string;
  parentId: string;
  manualAlias: boolean;
  alias: string;
  description: string;
  gamAlias: string;
}

export function emptySection(parentId = ''): SectionForm {
  return { name: '', parentId, manualAlias: false, alias: '', description: '', gamAlias: '' };
}

export function fromSection(s: SectionNode): SectionForm {
  return {
    name: s.name, parentId: s.parentId ? String(s.parentId) : '', manualAlias: s.manualAlias,
    alias: s.manualAlias ? s.alias : '', description: s.description ?? '', gamAlias: s.gamAlias ?? '',
  };
}

export function validateSection(f: SectionForm): FieldErrors {
  const r = sectionSchema.safeParse({
    id: 1, name: f.name, parentId: f.parentId ? Number(f.parentId) : null, manualAlias: f.manualAlias,
    ...(f.manualAlias && f.alias.trim() ? { alias: f.alias.trim() } : {}),
    ...(f.description ? { description: f.description } : {}),
    ...(f.gamAlias ? { gamAlias: f.gamAlias } : {}),
  });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

/** The alias the section will have: the manual one, or the system alias from its parent. */
export function effectiveAlias(f: SectionForm, parent: SectionNode | undefined): string {
  if (f.manualAlias && f.alias.trim()) return f.alias.trim();
  return f.name.trim() ? sectionSystemAlias(f.name, parent?.alias ?? null) : '';
}

export function toSectionWrite(f: SectionForm): SectionWrite {
  return {
    name: f.name.trim(), parentId: f.parentId ? Number(f.parentId) : null, manualAlias: f.manualAlias,
    ...(f.manualAlias ? { alias: f.alias.trim() } : {}),
    description: f.description.trim() || undefined, gamAlias: f.gamAlias.trim() || undefined,
  };
}
