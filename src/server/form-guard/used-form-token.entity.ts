import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Nonces of form tokens already spent on an accepted submission (one token, one submission). */
export const UsedFormToken = defineEntity({
  name: 'UsedFormToken',
  tableName: 'security_used_form_tokens',
  properties: {
    nonce: p.string().length(32).primary(),
    expiresAt: p.datetime().index(),
  },
});
export type IUsedFormToken = InferEntity<typeof UsedFormToken>;
