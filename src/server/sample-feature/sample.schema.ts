import { z } from 'zod';

/**
 * The `sample.greeted` webhook's `data` (a product feature keeps this in src/shared, where a
 * receiver's TypeScript can import it too).
 */
export const ZGreetedWebhookData = z.object({
  contactId: z.number().int(),
  greeting: z.string(),
});
