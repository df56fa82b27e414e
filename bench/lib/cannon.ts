import autocannon from 'autocannon';

export type CannonResult = autocannon.Result;

/** autocannon as a promise; the progress bar off. */
export function cannon(
  opts: autocannon.Options,
  onTracker?: (t: autocannon.Instance) => void,
): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const t = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    onTracker?.(t);
  });
}
