/* Range requests on a recording: the one parser of lib/http-range.ts, shared with patient documents. */
export { parseRange, type RangeResult } from '../../lib/http-range';
