import type { Feature } from '../feature';
import { IntegrationKey } from './integration-key.entity';

export const integrationKeysFeature: Feature = {
  name: 'integrationKeys',
  entities: [IntegrationKey],
};
