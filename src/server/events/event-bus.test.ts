// The bus's contract: events are published inside the change's transaction, and a subscriber
// that throws rolls the change back with everything that followed from it.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { queryRows } from '../test/pg-admin';
import { EventBus } from './event-bus';

const t = useTestApp();

describe('the event bus', () => {
  it('refuses to publish outside a transaction', async () => {
    const bus = new EventBus();
    await expect(
      bus.publish(t.deps.orm.em.fork(), 'contact.deleted', { contactId: 1 }),
    ).rejects.toThrow('contact.deleted published outside a transaction');
  });

  it('rolls the change back when a subscriber throws', async () => {
    const bus = new EventBus().register([
      {
        'contact.deleted': [
          async () => {
            throw new Error('a subscriber failed');
          },
        ],
      },
    ]);
    await expect(
      t.deps.orm.em.fork().transactional(async (em) => {
        await em.execute(
          "insert into contacts (name, email, source) values ('Kept?', 'kept@example.com', 'api')",
        );
        await bus.publish(em, 'contact.deleted', { contactId: 1 });
      }),
    ).rejects.toThrow('a subscriber failed');
    expect(await queryRows(t.db.url, 'select id from contacts')).toEqual([]);
  });
});
