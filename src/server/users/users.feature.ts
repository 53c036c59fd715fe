import type { Feature } from '../feature';
import { User } from './user.entity';

export const usersFeature: Feature = {
  name: 'users',
  entities: [User],
};
