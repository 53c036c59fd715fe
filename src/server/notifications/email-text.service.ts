// The email text helpers other features' messages share (booking emails, the quarantine digest).
export { textToHtml } from './templates';
export { autoReplyName } from './auto-reply';
