import { PasswordReset } from './password-reset.entity';
import { PASSWORD_RESET_QUEUE } from './password-reset.queue';
import { startPasswordResetWorker } from './password-reset-worker';
import { prunePasswordResets } from './password-reset.service';
import type { Feature } from '../feature';
import { RecoveryCode } from './recovery-code.entity';
import { pruneExpiredSessions } from './session';
import { Session } from './session.entity';
import { SignInChallenge } from './sign-in-challenge.entity';

export const authFeature: Feature = {
  name: 'auth',
  entities: [Session, SignInChallenge, RecoveryCode, PasswordReset],
  queues: [PASSWORD_RESET_QUEUE],
  startWorkers: ({ queue, orm, notifier }) => startPasswordResetWorker(queue, orm, notifier),
  maintenance: [
    { name: 'sessions', run: (em) => pruneExpiredSessions(em) },
    { name: 'password resets', run: (em, now) => prunePasswordResets(em, now) },
  ],
};
