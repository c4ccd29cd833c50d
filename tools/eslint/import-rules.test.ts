// The domain doors (issue 38) as `npm run lint` applies them: the project's own ESLint config on
// probe files placed in the real tree (nothing is written; lintText only names the path).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
async function doorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'masthead/domain-doors').map((m) => m.message);
}

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
    expect(await doorErrors('api/reports/probe.ts', "import { digest } from '../auth/tokens';\nimport { clientKey } from '../rate-limit';\nexport const x = [digest, clientKey];\n")).toEqual([]);
    expect(await doorErrors('api/reports/probe.test.ts', "import { memberOf } from '../members/session';\nexport const x = memberOf;\n")).toEqual([]);
  });
});
