// PDF documents of the media library: a file counts as a PDF when a PDF parser (pdf-lib) reads its
// structure through to a document catalogue with at least one page, not because its first bytes
// say %PDF- (a %PDF- line followed by HTML and script is no PDF). Uploads are refused when this
// says no (ingest.ts); `masthead serve` shows a published .pdf inline only when it says yes.
import { PDFDocument } from 'pdf-lib';

/** Why `bytes` is not a readable PDF, or null when it is one. */
export async function pdfProblem(bytes: Uint8Array): Promise<string | null> {
  let doc: PDFDocument;
  try {
    // Encrypted documents are still documents: their structure is read, their content is not.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return 'its structure cannot be read';
  }
  try {
    return doc.getPageCount() > 0 ? null : 'it has no pages';
  } catch {
    return 'it has no document catalogue';
  }
}
