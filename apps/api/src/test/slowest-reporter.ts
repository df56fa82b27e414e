import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest test files and tests at the end of a run (on in CI, or with VITEST_SLOWEST=n), so a CI log
 * says where the suite's time goes. A file's time includes its hooks (a test app's set-up is in beforeAll).
 */
export default class SlowestReporter implements Reporter {
  private readonly count = Number(process.env.VITEST_SLOWEST) || 10;

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const files = testModules
      .map((m) => ({ name: relative(root, m.moduleId), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms);
    const tests = testModules
      .flatMap((m) =>
        [...m.children.allTests()].map((t) => ({
          name: `${relative(root, m.moduleId)} › ${t.fullName}`,
          ms: t.diagnostic()?.duration ?? 0,
        })),
      )
      .sort((a, b) => b.ms - a.ms);
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    const line = (r: { name: string; ms: number }) =>
      `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.name}`;
    const out = [
      '',
      `Slowest ${this.count} test files (of ${files.length}; ${(total / 1000).toFixed(0)} s in all, summed over workers):`,
      ...files.slice(0, this.count).map(line),
      `Slowest ${this.count} tests (of ${tests.length}):`,
      ...tests.slice(0, this.count).map(line),
      '',
    ];
    process.stdout.write(out.join('\n') + '\n');
  }
}
