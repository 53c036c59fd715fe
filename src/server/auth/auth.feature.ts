import { PasswordReset } from './password-reset.entity';
import { prunePasswordResets } from './password-reset.service';
import type { Feature } from '../feature';
import { RecoveryCode } from './recovery-code.entity';
import { pruneExpiredSessions } from './session';
import { Session } from './session.entity';
import { SignInChallenge } from './sign-in-challenge.entity';

export const authFeature: Feature = {
  name: 'auth',
  entities: [Session, SignInChallenge, RecoveryCode, PasswordReset],
  maintenance: [
    { name: 'sessions', run: (em) => pruneExpiredSessions(em) },
    { name: 'password resets', run: (em, now) => prunePasswordResets(em, now) },
  ],
};
