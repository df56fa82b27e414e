/** What other modules may use of billing: the revenue figures (financial metrics). */
export { metrics, revenueByStatus, summarize } from './service';
