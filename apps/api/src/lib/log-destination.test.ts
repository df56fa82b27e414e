import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BatchedDestination, LOG_FLUSH_MS } from './log-destination';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recorder() {
  const writes: string[] = [];
  return { writes, target: { write: (chunk: string) => void writes.push(chunk) } };
}

describe('log lines, gathered and written together', () => {
  it('one write for the lines of a few milliseconds, in the order logged, within LOG_FLUSH_MS', async () => {
    const { writes, target } = recorder();
    const d = new BatchedDestination(target);
    d.write('uno\n');
    d.write('dos\n');
    d.write('tres\n');
    expect(writes).toEqual([]);
    await wait(LOG_FLUSH_MS + 40);
    expect(writes).toEqual(['uno\ndos\ntres\n']);
    d.write('cuatro\n');
    await wait(LOG_FLUSH_MS + 40);
    expect(writes).toEqual(['uno\ndos\ntres\n', 'cuatro\n']);
  });

  it('writes at once when 16 KiB have gathered, and on flush', () => {
    const { writes, target } = recorder();
    const d = new BatchedDestination(target, 60_000);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 16; i++) d.write(line);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(16 * 1024);
    d.write('último\n');
    let called = false;
    d.flush(() => (called = true));
    expect(writes).toEqual([line.repeat(16), 'último\n']);
    expect(called).toBe(true);
  });

  it('a process that leaves at once still writes every line: process.exit, an uncaught exception', () => {
    const module = fileURLToPath(new URL('./log-destination.ts', import.meta.url));
    const run = (ending: string) =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { stdoutDestination } = await import(${JSON.stringify(module)});
           const d = stdoutDestination();
           for (let i = 1; i <= 500; i++) d.write('{"n":' + i + '}\\n');
           ${ending}`,
        ],
        { encoding: 'utf8' },
      );
    for (const ending of ['process.exit(0)', "setImmediate(() => { throw new Error('caída') })"]) {
      const r = run(ending);
      const lines = r.stdout.trim().split('\n');
      expect(lines, ending).toHaveLength(500);
      expect(lines[499]).toBe('{"n":500}');
    }
  });
});
