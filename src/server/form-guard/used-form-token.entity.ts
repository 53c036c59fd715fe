import { defineEntity, p } from '@mikro-orm/core';

/** Nonces of form tokens already spent on an accepted submission (one token, one submission). */
export const UsedFormToken = defineEntity({
  name: 'UsedFormToken',
  tableName: 'security_used_form_tokens',
  properties: {
    nonce: p.string().length(32).primary(),
    expiresAt: p.datetime().index(),
  },
});
