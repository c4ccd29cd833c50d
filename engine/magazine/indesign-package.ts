// The InDesign script package served as /scripts/indesign.zip: an ExtendScript that places the ICML
// stories of a print export (print-export.ts: manifest.json, stories/*.icml, images/*) into an
// InDesign document, and a README.txt. Zipped with fflate once per process, with a fixed mtime so
// the bytes (and so the download) do not change between restarts.
import { strToU8, zipSync } from 'fflate';
import { PLACE_STORIES_JSX } from './indesign/place-stories-script';

export const INDESIGN_SCRIPT_FILE = 'place-stories.jsx';

export const INDESIGN_README = `Masthead — InDesign script for print exports
============================================

This package holds ${INDESIGN_SCRIPT_FILE}, an ExtendScript for Adobe InDesign (CS6 or later).

1. In the admin, open Print exports (/admin/print-exports), pick an issue and download its zip.
2. Unzip it: you get manifest.json, stories/ (one ICML file per story) and images/.
3. Copy ${INDESIGN_SCRIPT_FILE} into InDesign's Scripts Panel folder
   (Window > Utilities > Scripts, then right-click "User" > Reveal in Finder/Explorer).
4. Open the target document (or none: the script creates one) and double-click the script.
5. Choose the unzipped export folder. The script reads manifest.json and places each story,
   sections in order, on its own page inside the margins, with the story's images on that page.

At the end it reports how many stories it placed and lists any file the manifest names but the
folder lacks.
`;

let cached: Uint8Array | null = null;

/** The zip's bytes: place-stories.jsx and README.txt. */
export function indesignPackage(): Uint8Array {
  cached ??= zipSync(
    { [INDESIGN_SCRIPT_FILE]: strToU8(PLACE_STORIES_JSX), 'README.txt': strToU8(INDESIGN_README.replace(/\n/g, '\r\n')) },
    { level: 9, mtime: new Date('2026-01-01T00:00:00Z') },
  );
  return cached;
}
