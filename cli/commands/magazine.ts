// `masthead magazine export <issueId> --tenant <key> --out <file.zip>`: an issue's print package
// (one ICML story per placed item, the stories' images at original resolution, manifest.json).
// The issue must be one of the tenant's (the tenant check of magazine ids).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { withStore, UsageError, type CommandEnv } from '../context';

interface ExportFlags { tenant: string; out: string }

export function registerMagazine(program: Command, env: CommandEnv) {
  const mag = program.command('magazine').description('Magazine issues: print exports');
  mag.command('export')
    .description('Write an issue\'s print package (ICML stories, images, manifest) as a zip')
    .argument('<issueId>', 'issue id', env.int('issueId'))
    .requiredOption('--tenant <key>', 'the tenant the issue belongs to')
    .requiredOption('--out <file>', 'the zip file to write')
    .action(env.run(async (config, out, issueId: number, flags: ExportFlags) => {
      const { exportIssueForPrint, PrintExportError } = await import('../../engine/magazine/print-export');
      const r = await withStore(config, (store) => exportIssueForPrint(store.db, flags.tenant, issueId)).catch((e: unknown) => {
        if (e instanceof PrintExportError) throw new UsageError(`${e.message} of tenant ${flags.tenant}`);
        throw e;
      });
      const file = resolve(flags.out);
      writeFileSync(file, r.zip);
      const stories = r.manifest.sections.reduce((n, s) => n + s.stories.length, 0);
      out.result({ issueId, file, bytes: r.zip.byteLength, stories, manifest: r.manifest },
        [`Wrote the print package of issue ${issueId} ("${r.manifest.issue.name}", ${stories} stories) to ${flags.out}`]);
    }));
}
