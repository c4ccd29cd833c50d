// A gated document's download link (issue 17; engine/domain/documents.ts). Its file is served by the
// API after the gating check. On a gated page it is also one of public §4's hidden blocks: it shows
// only once the page's gate decision does not list document_download (locked-block.ts); on an open
// page (lockedFor null) it shows at once and is complete in the server markup.
import { useLockedBlock } from './locked-block';

export type DocumentLinkProps = { href: string; label: string; format: string; lockedFor: number | null };

export function DocumentLink({ href, label, format, lockedFor }: DocumentLinkProps) {
  const lock = useLockedBlock('document_download', lockedFor);
  if (lock !== 'shown') return null;
  return (
    <p className="document-download">
      <a className="button" href={href} rel="nofollow">{label} <span className="document-format">({format}, members only)</span></a>
    </p>
  );
}
