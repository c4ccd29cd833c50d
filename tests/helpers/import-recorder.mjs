// `node --import ./tests/helpers/import-recorder.mjs …`: appends the package name of every bare
// import (and require through the ESM loader) the process resolves to the file named by
// MASTHEAD_IMPORT_LOG, one a line. Used to prove which packages a CLI start loads.
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
`)}`);
