/** What other features and the HTTP plumbing may use of auth. */
export { sendMagicLink } from './magic-link';
export { publicUser } from './public-user';
export { loadSession, sessionWith } from './session-loader';
export { PROVISIONAL_SESSION_MS, provisionalSessionStatement } from './sessions';
export { bootstrapAdmins } from './list-roles';
