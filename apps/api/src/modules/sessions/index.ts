/** What other modules may use of sessions: creating and revoking them, announcing ends and user changes. */
export { createSession, revoke } from './repo';
export { publishSessionsEnded, publishUserChanged } from './service';
