import { z } from 'zod';
import { ZIsoDate, requiredText } from './text.schema';

/** Every key starts so; a leaked one is recognisable in logs and by secret scanners. */
export const INTEGRATION_KEY_PREFIX = 'cvz_live_';

/** A key as the list shows it: never the key itself, only its first characters. */
export const ZIntegrationKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: ZIsoDate,
  lastUsedAt: ZIsoDate.nullable(),
});
export type TIntegrationKey = z.output<typeof ZIntegrationKey>;

export const ZIntegrationKeyCreate = z.strictObject({
  name: requiredText('Name is required', 100),
});

/** The answer to the creation, the one time the key is shown. */
export const ZIntegrationKeyCreated = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
});
export type TIntegrationKeyCreated = z.output<typeof ZIntegrationKeyCreated>;
