import { z } from 'zod';
import { limitQuery, pageQuery } from './common';

/** An address an account failed to sign in from, in the current window (decision 019). */
export const lockedAddressDto = z.object({
  address: z.string().nullable(),
  failures: z.number(),
  last_failure_at: z.string(),
  /** Set while this address is refused for the account. */
  locked_until: z.string().nullable(),
});

/** An account that some address cannot sign in to right now. */
export const lockedAccountDto = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  locked_since: z.string(),
  locked_until: z.string(),
  /** The account-wide cap is reached: every address it has not signed in from lately is refused. */
  account_wide: z.boolean(),
  addresses: z.array(lockedAddressDto),
});
export type LockedAccountDto = z.infer<typeof lockedAccountDto>;

export const listLockedQuery = z.object({ page: pageQuery, limit: limitQuery(20, 100) });
