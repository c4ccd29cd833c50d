// Folders of the project the build reads, found from this file. It sits two folders below the
// project root, as the pre-bundled render worker does (dist/build-worker/worker.mjs), so the same
// `new URL('../../', import.meta.url)` names the root in the sources and in the bundle. Modules in
// the build's subfolders take their paths from here rather than counting `../` themselves.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A path under the project root. */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
