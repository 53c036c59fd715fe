// The contacts CSV cell format, for other features' CSV downloads (audit log, import errors).
export { csvField } from './contacts.csv';
