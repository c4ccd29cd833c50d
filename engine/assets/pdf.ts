// PDF documents of the media library: a file counts as a PDF when a PDF parser (pdf-lib) reads its
// structure through to a document catalogue with at least one page, not because its first bytes
// say %PDF- (a %PDF- line followed by HTML and script is no PDF). A PDF that carries active content
// (JavaScript, launch actions, embedded files run on open) is no document for readers either: it is
// refused at upload. Uploads are refused when this says no (ingest.ts); `masthead serve` shows a
// published .pdf inline only when it says yes.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';

export interface PdfProblem {
  /** invalid: not a readable PDF; active: a PDF with script or actions a reader's viewer would run. */
  kind: 'invalid' | 'active';
  reason: string;
}

/** Names of dictionary keys and action types that make a PDF run something in the reader's viewer. */
const ACTIVE_KEYS = ['JS', 'JavaScript'] as const;
const ACTIVE_ACTIONS: Record<string, string> = {
  JavaScript: 'JavaScript', Launch: 'a launch action (runs a program)', ImportData: 'an import-data action', ResetForm: 'a form action', SubmitForm: 'a form action that sends data',
};

/** The first active content of the document's objects (object streams included), or null. */
function activeContent(doc: PDFDocument): string | null {
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    for (const key of ACTIVE_KEYS) if (dict.has(PDFName.of(key))) return 'JavaScript';
    const s = dict.get(PDFName.of('S'));
    if (s instanceof PDFName) {
      const action = ACTIVE_ACTIONS[s.decodeText()];
      if (action) return action;
    }
  }
  // Direct (not indirect) action dictionaries inside the catalogue's open action and names.
  const walk = (v: unknown, depth: number): string | null => {
    if (depth > 8 || v instanceof PDFRef) return null;
    if (v instanceof PDFDict) {
      for (const key of ACTIVE_KEYS) if (v.has(PDFName.of(key))) return 'JavaScript';
      const s = v.get(PDFName.of('S'));
      if (s instanceof PDFName && ACTIVE_ACTIONS[s.decodeText()]) return ACTIVE_ACTIONS[s.decodeText()]!;
      for (const [, child] of v.entries()) {
        const found = walk(child, depth + 1);
        if (found) return found;
      }
    }
    if (v instanceof PDFArray) {
      for (const child of v.asArray()) {
        const found = walk(child, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const found = walk(obj instanceof PDFStream ? obj.dict : obj, 0);
    if (found) return found;
  }
  return null;
}

/** Why `bytes` is not a PDF to publish, or null when it is one. */
export async function pdfCheck(bytes: Uint8Array): Promise<PdfProblem | null> {
  let doc: PDFDocument;
  try {
    // Encrypted documents are still documents: their structure is read, their content is not.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return { kind: 'invalid', reason: 'its structure cannot be read' };
  }
  try {
    if (doc.getPageCount() === 0) return { kind: 'invalid', reason: 'it has no pages' };
  } catch {
    return { kind: 'invalid', reason: 'it has no document catalogue' };
  }
  const active = activeContent(doc);
  return active ? { kind: 'active', reason: `it contains ${active}` } : null;
}

/** Why `bytes` is not a PDF to publish (its reason), or null when it is one. */
export async function pdfProblem(bytes: Uint8Array): Promise<string | null> {
  return (await pdfCheck(bytes))?.reason ?? null;
}
