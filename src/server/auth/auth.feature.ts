import type { Feature } from '../feature';
import { RecoveryCode } from './recovery-code.entity';
import { pruneExpiredSessions } from './session';
import { Session } from './session.entity';
import { SignInChallenge } from './sign-in-challenge.entity';

export const authFeature: Feature = {
  name: 'auth',
  entities: [Session, SignInChallenge, RecoveryCode],
  maintenance: [{ name: 'sessions', run: (em) => pruneExpiredSessions(em) }],
};
