// Magazine operations of the admin (issue 21): publications, issues, their sections, the placements
// of content into an issue's sections, and the print export. Same rules as api.ts (one function per
// operation, the only place that knows these documents); a separate file to keep api.ts short.
import { request } from './transport';

const q = <T>(name: string, variables?: Record<string, unknown>) => request<T>('query', name, variables);
const m = <T>(name: string, variables?: Record<string, unknown>) => request<T>('mutation', name, variables);
/** Stream answers arrive with their edges flattened into items (engine/domain/graphql-client.ts). */
const nodes = <T>(c: { items?: T[] } | null | undefined): T[] => c?.items ?? [];

export interface MagazinePublication {
  id: number; name: string; description: string; logoAssetId: number | null; coverAssetId: number | null;
  subscribeUrl: string | null; renewalUrl: string | null; canonicalPath: string; updatedAt: string;
}
export type MagazinePublicationInput = Pick<MagazinePublication, 'name' | 'description' | 'logoAssetId' | 'coverAssetId' | 'subscribeUrl' | 'renewalUrl'>;

export interface MagazineSection { id: number; publicationId: number; name: string; position: number }
export type MagazineSectionInput = Pick<MagazineSection, 'publicationId' | 'name' | 'position'>;

export interface MagazinePlacement { sectionId: number; contentId: number; position: number }
export interface MagazineIssue {
  id: number; publicationId: number; publication: { id: number; name: string }; name: string; description?: string;
  issueDate: string; coverImage: string | null; digitalEditionUrl?: string | null; status: number;
  startDate: string | null; endDate: string | null; canonicalPath: string; placements?: MagazinePlacement[]; updatedAt: string;
}
export interface MagazineIssueInput {
  publicationId: number; name: string; description: string; issueDate: string; coverImage: string | null;
  digitalEditionUrl: string | null; status: number; startDate: string | null; endDate: string | null;
}
export interface PrintExport { filename: string; contentType: string; bytes: number; stories: number; base64: string }

export const getPublicationStream = async () =>
  nodes(await q<{ items: MagazinePublication[] }>('getPublicationStream', { input: { pagination: { limit: 1000 } } }));
export const createMagazinePublication = (input: MagazinePublicationInput) => m<MagazinePublication>('createMagazinePublication', { input });
export const updateMagazinePublication = (id: number, input: MagazinePublicationInput) => m<MagazinePublication>('updateMagazinePublication', { id, input });
export const deleteMagazinePublication = (id: number) => m<unknown>('deleteMagazinePublication', { id });

export const getIssues = async (publicationId?: number) =>
  nodes(await q<{ items: MagazineIssue[] }>('getIssues', { input: { publicationId, pagination: { limit: 1000 } } }));
export const getIssue = (id: number) => q<MagazineIssue>('getIssue', { id });
export const createMagazineIssue = (input: MagazineIssueInput) => m<MagazineIssue>('createMagazineIssue', { input });
export const updateMagazineIssue = (id: number, input: MagazineIssueInput) => m<MagazineIssue>('updateMagazineIssue', { id, input });
export const deleteMagazineIssue = (id: number) => m<unknown>('deleteMagazineIssue', { id });
/** Replaces the issue's placements; order within a section is the order given. */
export const setMagazineIssuePlacements = (id: number, placements: { sectionId: number; contentId: number }[]) =>
  m<MagazineIssue>('setMagazineIssuePlacements', { id, placements });

export const getMagazineSections = (publicationId?: number) => q<MagazineSection[]>('getMagazineSections', { publicationId });
export const createMagazineSection = (input: MagazineSectionInput) => m<MagazineSection>('createMagazineSection', { input });
export const updateMagazineSection = (id: number, input: MagazineSectionInput) => m<MagazineSection>('updateMagazineSection', { id, input });
export const deleteMagazineSection = (id: number) => m<unknown>('deleteMagazineSection', { id });

export const exportIssueForPrint = (issueId: number) => q<PrintExport>('exportIssueForPrint', { issueId });
/** A website section's (every section's without one) items published from one day to another, as a print package. */
export const exportSectionsForPrint = (v: { sectionId: number | null; from: string; to: string }) => q<PrintExport>('exportSectionsForPrint', v);
