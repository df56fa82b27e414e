import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Streams COPY text into PostgreSQL. The generator produces chunks while the server parses the previous
 * ones (one core each on this machine); pipeline() applies back-pressure so memory stays flat at 10⁶ rows.
 */
export async function copyIntoPostgres(
  client: pg.Client,
  copySql: string,
  chunks: AsyncIterable<string>,
): Promise<void> {
  const stream = client.query(copyFrom(copySql));
  await pipeline(Readable.from(chunks), stream);
}
