import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the slowest flows and spec files at the end of a run (in CI, beside the list reporter), so a CI log says
 * where the browser step's time goes. A retried flow counts each attempt.
 */
export default class SlowestReporter implements Reporter {
  private readonly tests = new Map<string, { name: string; file: string; ms: number }>();
  private readonly count = Number(process.env.E2E_SLOWEST) || 10;

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*[/\\]e2e[/\\]/, '');
    const name = `${file} › ${test.titlePath().slice(3).join(' › ')}`;
    const entry = this.tests.get(test.id) ?? { name, file, ms: 0 };
    entry.ms += result.duration;
    this.tests.set(test.id, entry);
  }

  onEnd(result: FullResult): void {
    const tests = [...this.tests.values()].sort((a, b) => b.ms - a.ms);
    const byFile = new Map<string, number>();
    for (const t of tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
    const files = [...byFile].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
    const line = (r: { name: string; ms: number }) =>
      `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.name}`;
    const out = [
      '',
      `Slowest ${this.count} spec files (of ${files.length}; the run took ${(result.duration / 1000).toFixed(0)} s):`,
      ...files.slice(0, this.count).map(line),
      `Slowest ${this.count} flows (of ${tests.length}):`,
      ...tests.slice(0, this.count).map(line),
      '',
    ];
    process.stdout.write(out.join('\n') + '\n');
  }

  printsToStdio(): boolean {
    return true;
  }
}
