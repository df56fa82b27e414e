// `npm run test:e2e`: builds the web app and the API (unless E2E_SKIP_BUILD=1), then runs the Playwright flows.
// Extra arguments go to Playwright, e.g. `npm run test:e2e -- auth.spec.ts --headed`.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  for (const ws of ['@ips/web', '@ips/api']) {
    const code = run(npm, ['run', 'build', '-w', ws]);
    if (code !== 0) process.exit(code);
  }
}

process.exit(
  run(process.execPath, [
    resolve(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ]),
);
