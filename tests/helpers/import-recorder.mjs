// `node --import ./tests/helpers/import-recorder.mjs …`: appends the package name of every bare
// import (and require through the ESM loader) the process resolves to the file named by
// MASTHEAD_IMPORT_LOG, one a line, and `file:<url>` for every file module it loads (packages
// compiled into dist/cli show only there). Used to prove which packages a CLI start loads.
import { register } from 'node:module';

register(`data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
const log = ${JSON.stringify(process.env.MASTHEAD_IMPORT_LOG ?? '')};
export async function resolve(specifier, context, next) {
  if (log && !/^(node:|data:|file:|\\.|\\/)/.test(specifier)) {
    const parts = specifier.split('/');
    appendFileSync(log, (specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]) + '\\n');
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (log && url.startsWith('file:')) appendFileSync(log, 'file:' + url + '\\n');
  return next(url, context);
}
`)}`);
