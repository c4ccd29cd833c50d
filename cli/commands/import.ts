// `masthead import wordpress|ghost|substack <export> --tenant <key>`: brings an archive in (engine/import);
// `masthead import ghost-members <members.csv> --tenant <key>`: Ghost's members into site users.
// Prints the report and saves it as JSON (--report, default import-<source>-<tenant>.json).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ArchiveSource } from '../../engine/import/model';
import { withStore, type CommandEnv } from '../context';

interface ImportFlags { tenant: string; media?: string; siteUrl?: string; dryRun?: boolean; report?: string; batchSize: number; timeout: number; newsletter?: string; subscribers?: boolean }

const HELP: Record<ArchiveSource, { what: string; file: string }> = {
  wordpress: { what: 'Import a WordPress export (WXR 1.0–1.2 from Tools → Export, WordPress 2.x to current): posts, pages, categories → sections, tags, authors, images; old URLs 301 to the new paths; a bad item is skipped and named, never aborts the run', file: 'the export .xml file' },
  ghost: { what: 'Import a Ghost export (JSON from Settings → Labs → Export, Ghost 3–5, mobiledoc or lexical bodies): posts, pages, tags, authors, images; old URLs 301 to the new paths', file: 'the export .json file' },
  substack: { what: 'Import a Substack export (the .zip Substack sends, or its unpacked folder with posts.csv and posts/*.html): posts, images, and the subscribers of email_list*.csv into --newsletter with their consent; old URLs 301 to the new paths', file: 'the export .zip, its folder (or its posts.csv)' },
};

export function registerImport(program: Command, env: CommandEnv) {
  const cmd = program.command('import').description('Bring an archive in from WordPress, Ghost or Substack (idempotent; resumable; --dry-run writes nothing)');
  for (const source of ['wordpress', 'ghost', 'substack'] as const) {
    const sub = cmd.command(source);
    if (source === 'substack') {
      sub.option('--newsletter <id|title>', 'the newsletter the export\'s subscribers (email_list*.csv) are added to; without it they are counted, not imported')
        .option('--no-subscribers', 'leave the subscriber lists out');
    }
    sub
      .description(HELP[source].what)
      .argument('<export>', HELP[source].file)
      .requiredOption('--tenant <key>', 'the tenant to import into')
      .option('--media <dir>', 'local uploads folder (wp-content/uploads or Ghost content/images) for images the export\'s URLs do not serve')
      .option('--site-url <url>', 'the old site\'s address, for relative image URLs and Ghost\'s __GHOST_URL__ (WordPress exports give it)')
      .option('--dry-run', 'print what would be created, updated and skipped; write nothing')
      .option('--report <file>', 'where to save the JSON report (default import-<source>-<tenant>.json)')
      .option('--batch-size <n>', 'posts per transaction', env.int('--batch-size'), 250)
      .option('--timeout <ms>', 'time limit for each image download', env.int('--timeout'), 10_000)
      .action(env.run(async (config, out, file: string, flags: ImportFlags) => {
        // Loaded here, not at start: `masthead --help` must not load the importer's store and parsers (issue 25).
        const [{ runImport }, { reportLines }] = await Promise.all([import('../../engine/import/run'), import('../../engine/import/report')]);
        const progress = out.progress();
        try {
          const report = await withStore(config, (store) => runImport(store, {
            source, file: resolve(file), tenantKey: flags.tenant, dryRun: !!flags.dryRun, mediaDir: flags.media ? resolve(flags.media) : undefined,
            siteUrl: flags.siteUrl, batchSize: Math.max(1, flags.batchSize), fetchTimeoutMs: flags.timeout, newsletter: flags.newsletter, subscribers: flags.subscribers,
            onProgress: (p) => progress.update({ label: p.phase, done: p.done, total: p.total }),
          }));
          progress.stop();
          const reportFile = resolve(flags.report ?? `import-${source}-${flags.tenant}.json`);
          await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
          out.result({ ...report, reportFile }, [...(report.dryRun ? report.plan : []), ...reportLines(report), `Report saved to ${reportFile}`]);
        } finally {
          progress.stop();
        }
      }));
  }
  registerMemberImport(cmd, env);
}

interface MemberFlags { tenant: string; newsletter?: string; map: string[]; dryRun?: boolean; report?: string }

export function registerMemberImport(cmd: Command, env: CommandEnv) {
  cmd.command('ghost-members')
    .description('Import Ghost members (the CSV from Members → Export): site users keyed by e-mail address, with no password (they set one through "Forgot your password?"); tiers and labels → memberships; subscribed_to_emails → the --newsletter, consent recorded; a bad row is skipped and named by its line; running the file again changes nothing')
    .argument('<members.csv>', 'the members CSV Ghost exported')
    .requiredOption('--tenant <key>', 'the tenant to import into')
    .option('--newsletter <id|title>', 'the newsletter members subscribed to e-mails in Ghost are opted in to')
    .option('--map <name=membership>', 'a Ghost tier or label → a membership (id, alias or title) when the names differ; repeatable', (v: string, all: string[]) => [...all, v], [] as string[])
    .option('--dry-run', 'print what would be created and skipped; write nothing')
    .option('--report <file>', 'where to save the JSON report (default import-ghost-members-<tenant>.json)')
    .action(env.run(async (config, out, file: string, flags: MemberFlags) => {
      const [{ runGhostMembersImport, parseMemberMap }, { peopleReportLines }] = await Promise.all([import('../../engine/import/ghost-members'), import('../../engine/import/report')]);
      const report = await withStore(config, (store) => runGhostMembersImport(store, {
        file: resolve(file), tenantKey: flags.tenant, dryRun: !!flags.dryRun, newsletter: flags.newsletter, map: parseMemberMap(flags.map),
      }));
      const reportFile = resolve(flags.report ?? `import-ghost-members-${flags.tenant}.json`);
      await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
      out.result({ ...report, reportFile }, [...(report.dryRun ? report.plan.slice(0, 200) : []), ...peopleReportLines(report), `Report saved to ${reportFile}`]);
    }));
}
