// Password hashing and ending a user's sessions, for the users feature's account changes.
export { hashPassword } from './password';
export { endUserSessions } from './session';
