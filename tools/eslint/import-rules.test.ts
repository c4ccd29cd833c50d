// The domain doors (issue 38) as `npm run lint` applies them: the project's own ESLint config on
// probe files placed in the real tree (nothing is written; lintText only names the path).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
async function ruleErrors(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const doorErrors = (filePath: string, code: string) => ruleErrors('masthead/domain-doors', filePath, code);

describe('masthead/domain-doors', () => {
  it('refuses a domain that enters another past its index.ts, and lets it in through the door', async () => {
    expect(await doorErrors('api/reports/probe.ts', "import { memberOf } from '../members/session';\nexport const x = memberOf;\n"))
      .toEqual(['api/members is entered only through api/members/index.ts (issue 38: domain doors), not api/members/session.ts.']);
    expect(await doorErrors('api/reports/probe.ts', "import { memberOf } from '../members';\nexport const x = memberOf;\n")).toEqual([]);
  });

  it('refuses a domain that imports one which imports it', async () => {
    // newsletters enters members (a member's newsletters); members entering newsletters closes the loop.
    expect(await doorErrors('api/members/probe.ts', "import { newsletterResolvers } from '../newsletters';\nexport const x = newsletterResolvers;\n"))
      .toEqual(['api/members and api/newsletters import each other: one of them must enter the other only through the kernel or not at all.']);
  });

  it('holds for the API top level and cli/ too, not for the kernel folders or tests', async () => {
    expect(await doorErrors('api/probe.ts', "import { memberOf } from './members/session';\nexport const x = memberOf;\n")).toHaveLength(1);
    expect(await doorErrors('cli/probe.ts', "import { memberOf } from '../api/members/session';\nexport const x = memberOf;\n")).toHaveLength(1);
    expect(await doorErrors('api/reports/probe.ts', "import { liveStaff } from '../auth/staff-site';\nimport { TransportError } from '../http/errors';\nexport const x = [liveStaff, TransportError];\n")).toEqual([]);
    expect(await doorErrors('api/reports/probe.test.ts', "import { memberOf } from '../members/session';\nexport const x = memberOf;\n")).toEqual([]);
  });

  describe('engine/services/<domain>/ (the transport-free services)', () => {
    it('is entered only through its index.ts from another service domain, api/ and cli/', async () => {
      expect(await doorErrors('engine/services/research/probe.ts', "import { pathOf } from '../content/operations';\nexport const x = pathOf;\n"))
        .toEqual(['engine/services/content is entered only through engine/services/content/index.ts (issue 38: domain doors), not engine/services/content/operations.ts.']);
      expect(await doorErrors('engine/services/research/probe.ts', "import { pathOf } from '../content';\nexport const x = pathOf;\n")).toEqual([]);
      expect(await doorErrors('api/content/probe.ts', "import { pathOf } from '../../engine/services/content/operations';\nexport const x = pathOf;\n"))
        .toEqual(['engine/services/content is entered only through engine/services/content/index.ts (issue 38: domain doors), not engine/services/content/operations.ts.']);
      expect(await doorErrors('api/content/probe.ts', "import { pathOf } from '../../engine/services/content';\nexport const x = pathOf;\n")).toEqual([]);
      expect(await doorErrors('cli/probe.ts', "import { memberRuntime } from '../engine/services/members/runtime';\nexport const x = memberRuntime;\n")).toHaveLength(1);
      expect(await doorErrors('engine/services/research/probe.test.ts', "import { pathOf } from '../content/operations';\nexport const x = pathOf;\n")).toEqual([]);
    });

    it('refuses two service domains that import each other', async () => {
      // research enters content (checkReferences); content entering research closes the loop.
      expect(await doorErrors('engine/services/content/probe.ts', "import { researchContent } from '../research';\nexport const x = researchContent;\n"))
        .toEqual(['engine/services/content and engine/services/research import each other: one of them must enter the other only through the kernel or not at all.']);
    });

    it('enters its kernel/ from any service domain and from api/ without a door', async () => {
      expect(await doorErrors('engine/services/content/probe.ts', "import { commit } from '../kernel/operation';\nexport const x = commit;\n")).toEqual([]);
      expect(await doorErrors('api/content/probe.ts', "import { clientKey } from '../../engine/services/kernel/rate-limit';\nexport const x = clientKey;\n")).toEqual([]);
    });

    it('imports nothing of api/: the services sit below the transport', async () => {
      expect(await ruleErrors('masthead/direction', 'engine/services/content/probe.ts', "import { contentResolvers } from '../../../api/content/resolvers';\nexport const x = contentResolvers;\n"))
        .toEqual(['engine/services may not import api (DESIGN.md §2: engine/services may import only engine/domain, engine/audience, engine/jobs, engine/store, engine/html, engine/build, engine/import, engine/fixtures, engine/auth, engine/mail, engine/newsletter, engine/magazine, templates).']);
      expect(await ruleErrors('masthead/direction', 'engine/services/kernel/probe.ts', "import { liveStaff } from '../../../api/auth/staff-site';\nexport const x = liveStaff;\n")).toHaveLength(1);
      expect(await ruleErrors('masthead/direction', 'engine/services/content/probe.ts', "import { commit } from '../kernel/operation';\nexport const x = commit;\n")).toEqual([]);
    });
  });
});

describe('masthead/no-cycle', () => {
  // run-build.ts imports stages/plan.ts: a probe in plan.ts's place that imports run-build.ts closes a loop.
  const cycle = ['Import cycle: engine/build/stages/plan.ts → engine/build/run-build.ts → engine/build/stages/plan.ts'];
  const cycleErrors = (code: string) => ruleErrors('masthead/no-cycle', 'engine/build/stages/plan.ts', code);

  it('sees a loop closed by a static, a type-only or a dynamic import alike', async () => {
    expect(await cycleErrors("import { runBuild } from '../run-build';\nexport const x = runBuild;\n")).toEqual(cycle);
    expect(await cycleErrors("import type { BuildOptions } from '../run-build';\nexport type X = BuildOptions;\n")).toEqual(cycle);
    expect(await cycleErrors("export const later = async () => (await import('../run-build')).runBuild;\n")).toEqual(cycle);
    expect(await cycleErrors("export type Later = typeof import('../run-build').runBuild;\n")).toEqual(cycle);
    expect(await cycleErrors("import type { TenantIndex } from '../types';\nexport type X = TenantIndex;\n")).toEqual([]);
  });
});

describe('the build flows one way (masthead/direction)', () => {
  it('keeps the stages, workers and incremental builds off the pipeline on top', async () => {
    expect(await ruleErrors('masthead/direction', 'engine/build/incremental/probe.ts', "export const later = () => import('../run-build');\n"))
      .toEqual([expect.stringContaining('engine/build/incremental may enter engine/build only through engine/build/types.ts')]);
    expect(await ruleErrors('masthead/direction', 'engine/build/stages/probe.ts', "import type { RunBuild } from '../full-build';\nexport type X = RunBuild;\n")).toHaveLength(1);
    expect(await ruleErrors('masthead/direction', 'engine/build/incremental/probe.ts', "import type { RunBuild } from '../summary';\nexport type X = RunBuild;\n")).toEqual([]);
  });
});
