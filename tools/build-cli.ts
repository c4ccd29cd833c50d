// `npm run build:cli` (also the `prepare` script, so `npm ci` runs it): compiles the CLI into dist/cli.
import { buildCliBundle, CLI_DIST } from '../cli/cli-bundle';

const started = performance.now();
const files = await buildCliBundle();
process.stdout.write(`Compiled the CLI from ${files} source files into ${CLI_DIST} in ${Math.round(performance.now() - started)} ms\n`);
