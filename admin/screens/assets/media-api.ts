// The media library's own reads (issue 35): the listing with when and by whom each asset was
// uploaded (api/documents/query/getMediaLibrary.gql) and the filter choices (getAssetFacets.gql).
// Writes go through data/api.ts (updateAsset, deleteAsset) and data/transport.ts (uploadAsset).
import { request } from '../../data/transport';
import type { MediaAsset } from '../../data/types';

export interface LibraryAsset extends MediaAsset {
  /** ISO date-time the asset was added (the API's DateTime). */
  createdAt?: string | number;
  uploadedBy?: { id: number; name: string } | null;
}

export interface LibraryFilter {
  phrase?: string; tag?: string; type?: string; used?: boolean;
  /** YYYY-MM (UTC). */
  month?: string;
  uploadedBy?: number;
  missingAlt?: boolean;
  limit?: number; skip?: number;
}

export interface LibraryFacets { months: string[]; uploaders: { id: number; name: string }[] }

const blankless = (v: string | undefined) => (v ? v : undefined);

export async function getLibrary(filter: LibraryFilter): Promise<{ rows: LibraryAsset[]; totalCount: number }> {
  const input = { ...filter, phrase: blankless(filter.phrase), tag: blankless(filter.tag), type: blankless(filter.type), month: blankless(filter.month), limit: filter.limit ?? 200 };
  return request<{ rows: LibraryAsset[]; totalCount: number }>('query', 'getMediaLibrary', { input });
}

export async function getFacets(): Promise<LibraryFacets> {
  return request<LibraryFacets>('query', 'getAssetFacets');
}
