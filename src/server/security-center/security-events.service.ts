// Security events other features record (refused sign-ins, throttled clients, bot submissions).
export { recordSecurityEvent } from './events.sql';
