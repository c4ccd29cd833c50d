// The magazine forms (issue 21): form values as the inputs hold them (text, dates as yyyy-mm-dd),
// checked with the domain's shared schemas (engine/domain/magazine.ts) so the admin shows the API's
// rules and messages per field, and turned into the GraphQL inputs.
import { issueInputSchema, magazineSectionInputSchema, publicationInputSchema } from '../../../engine/domain/magazine';
import type { MagazineIssue, MagazineIssueInput, MagazinePublication, MagazinePublicationInput, MagazineSection, MagazineSectionInput } from '../../data/api-magazine';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';

const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
const idOf = (v: string) => (v.trim() === '' ? undefined : Number(v));
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
/** A yyyy-mm-dd input as an ISO instant (noon UTC for the mail date keeps the day in every zone). */
const isoOf = (d: string, time = '00:00:00') => (d ? `${d}T${time}.000Z` : undefined);
const msOf = (d: string, time?: string) => { const iso = isoOf(d, time); return iso ? Date.parse(iso) : undefined; };

export interface PublicationForm { name: string; description: string; logoAssetId: string; coverAssetId: string; subscribeUrl: string; renewalUrl: string }

export const publicationForm = (p: MagazinePublication | null): PublicationForm => ({
  name: p?.name ?? '', description: p?.description ?? '', logoAssetId: p?.logoAssetId ? String(p.logoAssetId) : '',
  coverAssetId: p?.coverAssetId ? String(p.coverAssetId) : '', subscribeUrl: p?.subscribeUrl ?? '', renewalUrl: p?.renewalUrl ?? '',
});

export function publicationInput(f: PublicationForm): MagazinePublicationInput {
  return {
    name: f.name.trim(), description: f.description.trim(), logoAssetId: idOf(f.logoAssetId) ?? null, coverAssetId: idOf(f.coverAssetId) ?? null,
    subscribeUrl: text(f.subscribeUrl) ?? null, renewalUrl: text(f.renewalUrl) ?? null,
  };
}

export function validatePublication(f: PublicationForm): FieldErrors {
  const r = publicationInputSchema.safeParse({
    name: f.name, description: f.description, logoAssetId: idOf(f.logoAssetId), coverAssetId: idOf(f.coverAssetId),
    subscribeUrl: text(f.subscribeUrl), renewalUrl: text(f.renewalUrl),
  });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export interface IssueForm {
  publicationId: string; name: string; description: string; issueDate: string; coverImage: string;
  digitalEditionUrl: string; status: string; startDate: string; endDate: string;
}

export const issueForm = (i: MagazineIssue | null, publicationId?: number): IssueForm => ({
  publicationId: i ? String(i.publicationId) : publicationId ? String(publicationId) : '', name: i?.name ?? '',
  description: i?.description ?? '', issueDate: day(i?.issueDate), coverImage: i?.coverImage ?? '', digitalEditionUrl: i?.digitalEditionUrl ?? '',
  status: String(i?.status ?? 1), startDate: day(i?.startDate), endDate: day(i?.endDate),
});

export function validateIssue(f: IssueForm): FieldErrors {
  const r = issueInputSchema.safeParse({
    publicationId: idOf(f.publicationId), name: f.name, description: f.description, issueDate: msOf(f.issueDate, '12:00:00'),
    coverImage: text(f.coverImage), digitalEditionUrl: text(f.digitalEditionUrl), status: Number(f.status),
    startDate: msOf(f.startDate), endDate: msOf(f.endDate),
  });
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  if (errors.endDate === 'Must be after startDate') errors.endDate = 'Must be after the start date';
  return errors;
}

export function issueInput(f: IssueForm): MagazineIssueInput {
  return {
    publicationId: Number(f.publicationId), name: f.name.trim(), description: f.description.trim(), issueDate: isoOf(f.issueDate, '12:00:00')!,
    coverImage: text(f.coverImage) ?? null, digitalEditionUrl: text(f.digitalEditionUrl) ?? null, status: Number(f.status),
    startDate: isoOf(f.startDate) ?? null, endDate: isoOf(f.endDate) ?? null,
  };
}

export interface SectionForm { publicationId: string; name: string; position: string }

export const sectionForm = (s: MagazineSection | null, publicationId?: number, nextPosition = 0): SectionForm => ({
  publicationId: s ? String(s.publicationId) : publicationId ? String(publicationId) : '', name: s?.name ?? '', position: String(s?.position ?? nextPosition),
});

export function validateSection(f: SectionForm): FieldErrors {
  const r = magazineSectionInputSchema.safeParse({ publicationId: idOf(f.publicationId), name: f.name, position: f.position.trim() === '' ? undefined : Number(f.position) });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export const sectionInput = (f: SectionForm): MagazineSectionInput => ({ publicationId: Number(f.publicationId), name: f.name.trim(), position: f.position.trim() === '' ? 0 : Number(f.position) });
