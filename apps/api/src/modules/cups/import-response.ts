import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CupsImportResult } from '@ips/shared/schemas/resources-cups';

const LINES_PER_TURN = 500;

/**
 * The JSON answer of an import, written 500 lines at a time with the event loop given back in between: the
 * route's schema serializer would check and write a 50,000-line answer in one piece, holding every other request
 * meanwhile (decision 022). The lines are already exactly the schema's shape (import.ts builds them).
 */
export async function importResultJson(result: CupsImportResult, message: string): Promise<string> {
  const { lines, mode, applied, summary } = result;
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_TURN) {
    parts.push(
      lines
        .slice(i, i + LINES_PER_TURN)
        .map((l) => JSON.stringify(l))
        .join(','),
    );
    await nextTurn();
  }
  const head = JSON.stringify({ mode, applied, summary });
  return `{"success":true,"message":${JSON.stringify(message)},"data":${head.slice(0, -1)},"lines":[${parts.join(',')}]}}`;
}
