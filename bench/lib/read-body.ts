/**
 * Reads a downloaded body to its end without keeping it: its bytes and its lines (LF count), with `onChunk(lines)`
 * after each chunk (to sample the server while the rows go by).
 */
export async function readBody(res: Response, onChunk: (lines: number) => void = () => {}) {
  let lines = 0;
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
    onChunk(lines);
  }
  return { bytes, lines };
}
