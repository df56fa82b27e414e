/** What other modules may use of holidays: the holiday dates of a range, and the years made sure of. */
export { ensureHolidayYears } from './calendar';
export { datesBetween, list } from './repo';
