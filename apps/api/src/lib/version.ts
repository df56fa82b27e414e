import { readFileSync } from 'node:fs';
import { requireUp } from './paths';

function read(): string {
  try {
    const pkg = JSON.parse(readFileSync(requireUp('package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const VERSION = read();
