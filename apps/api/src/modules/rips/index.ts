/** What other modules may use of RIPS: the hook run when a package is checked (notifications react to it). */
export { RIPS_PACKAGE_CHECKED } from './hooks';
