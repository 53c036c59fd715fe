// Outbound HTTP that refuses private networks, for other features that fetch URLs a user gave
// (calendar feeds).
export { PrivateNetworkError } from './network-guard';
export { guardedRequestFollowing } from './webhook-http';
