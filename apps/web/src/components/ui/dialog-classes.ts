/** Utilities that size the dialog (and so belong to the frame), with any variant prefix: sm:max-w-2xl, max-h-[92vh]. */
const SIZE_UTILITY = /^(?:[^:]+:)*!?(?:size|w|min-w|max-w|h|min-h|max-h)-/;

/** Splits a dialog's className into the frame's size classes and the body's other classes. */
export function splitDialogClassName(className: string | undefined): { frame: string; body: string } {
  const frame: string[] = [];
  const body: string[] = [];
  for (const token of (className ?? '').split(/\s+/)) {
    if (!token) continue;
    (SIZE_UTILITY.test(token) ? frame : body).push(token);
  }
  return { frame: frame.join(' '), body: body.join(' ') };
}
