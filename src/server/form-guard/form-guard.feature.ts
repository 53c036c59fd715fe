import type { Feature } from '../feature';
import { pruneSpentFormTokens } from './form-token.service';
import { UsedFormToken } from './used-form-token.entity';

export const formGuardFeature: Feature = {
  name: 'formGuard',
  entities: [UsedFormToken],
  maintenance: [{ name: 'formTokens', run: (em, now) => pruneSpentFormTokens(em, now) }],
};
