/** The lead's page for their booked call (relative: emails put the site's address before it). */
export const manageUrlOf = (manageToken: string) => `/booking/${manageToken}`;
