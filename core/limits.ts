/** How long the links people share stay good: the server enforces these, the pages say them. */
export const PARTNER_INVITE_LIFETIME_HOURS = 24;
export const SESSION_INVITE_LIFETIME_HOURS = 24;
export const PASSWORD_RESET_LIFETIME_HOURS = 24;
export const EMAIL_VERIFICATION_LIFETIME_HOURS = 24;
/** Devices with notifications on, per person: a phone, a tablet, a laptop or two, with room to spare. */
export const MAX_PUSH_DEVICES = 10;
