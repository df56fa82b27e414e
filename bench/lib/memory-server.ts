/*
 * The API's own server.ts, started in a child process that also answers 'mem' over IPC with its
 * process.memoryUsage() (after a full GC when asked 'mem-gc'; the process runs with --expose-gc). For benchmarks
 * that must show the server's heap, not only its resident size (bench/documents.ts).
 */
process.on('message', (m) => {
  if (m !== 'mem' && m !== 'mem-gc') return;
  if (m === 'mem-gc') (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ mem: process.memoryUsage() });
});
export {};
await import('../../apps/api/src/server');
