/** What other modules may use of users: reading and updating a user row (the password flows in auth). */
export { findById, update } from './repo';
