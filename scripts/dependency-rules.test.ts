import { createRequire } from 'node:module';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The rules `npm run check` enforces on src/ (npm run check:boundaries).
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;

/*
 * Issue 16: the house rules are enforced by the build. tests/fixtures/boundaries/src is a small
 * tree with one import of each forbidden kind (and allowed ones beside them); cruised with the
 * project's own rules, each forbidden import must be reported, and nothing else.
 */

async function violationsIn(baseDir: string) {
  const result = await cruise(['src'], {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    baseDir,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result object');
  return result.output.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    severity: violation.rule.severity,
    from: violation.from,
    to: violation.to,
  }));
}

describe('the dependency rules', () => {
  it('report each forbidden import in the fixture tree, and no allowed one', async () => {
    const found = await violationsIn('tests/fixtures/boundaries');
    expect(found).toEqual(
      expect.arrayContaining([
        {
          rule: 'no-circular',
          severity: 'error',
          from: 'src/server/gamma/first.ts',
          to: 'src/server/gamma/second.ts',
        },
        // Folder scope: north and south import each other through different files.
        {
          rule: 'no-circular-web-features',
          severity: 'error',
          from: 'src/web/features/north',
          to: 'src/web/features/south',
        },
        {
          rule: 'no-circular-web-features',
          severity: 'error',
          from: 'src/web/features/south',
          to: 'src/web/features/north',
        },
        {
          rule: 'orm-only-in-repositories',
          severity: 'error',
          from: 'src/server/alpha/alpha.routes.ts',
          to: 'src/server/db/schema.ts',
        },
        {
          rule: 'web-not-server',
          severity: 'error',
          from: 'src/web/page.ts',
          to: 'src/server/beta/beta.service.ts',
        },
        {
          rule: 'features-through-services',
          severity: 'error',
          from: 'src/server/alpha/alpha.service.ts',
          to: 'src/server/beta/beta.repository.ts',
        },
        {
          rule: 'features-through-services',
          severity: 'error',
          from: 'src/server/alpha/alpha.schema.ts',
          to: 'src/server/beta/beta.schema.ts',
        },
      ]),
    );
    // Allowed: a service importing another feature's service, a repository importing the schema.
    expect(
      found.filter((v) => v.to === 'src/server/beta/beta.service.ts' && v.from.includes('alpha')),
    ).toEqual([]);
    expect(found.filter((v) => v.from === 'src/server/beta/beta.repository.ts')).toEqual([]);
    expect(new Set(found.map((v) => v.from))).toEqual(
      new Set([
        'src/server/gamma/first.ts',
        'src/server/alpha/alpha.routes.ts',
        'src/web/page.ts',
        'src/server/alpha/alpha.service.ts',
        'src/server/alpha/alpha.schema.ts',
        'src/web/features/north',
        'src/web/features/south',
      ]),
    );
  }, 60_000);
});
