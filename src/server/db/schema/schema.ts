import { emailVerificationTokens, loginFailures, passwordResetTokens } from './accounts.ts';
import { adminAuditLog, premiumCodes, stripeEvents } from './billing.ts';
import { downloads, guestQuotas } from './downloads.ts';
import { favourites } from './favourites.ts';
import { officialLogos } from './search.ts';
import { sessions } from './sessions.ts';
import { supportRequests } from './support.ts';
import { users } from './users.ts';

// Every table, for Drizzle's relational queries and the migration generator.
export const schema = {
  users,
  sessions,
  passwordResetTokens,
  emailVerificationTokens,
  loginFailures,
  downloads,
  guestQuotas,
  stripeEvents,
  premiumCodes,
  adminAuditLog,
  supportRequests,
  officialLogos,
  favourites,
};
