// The bus's contract: events are published inside the change's transaction, and a subscriber
// that throws rolls the change back with everything that followed from it.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { queryRows } from '../test/pg-admin';
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventBus, inContextOf } from './event-bus';

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

  it('hands subscribers a frozen event: one that writes to it fails, and the change rolls back', async () => {
    const seen: string[] = [];
    const bus = new EventBus().register([
      {
        'contact.owner_changed': [
          async (_em, event) => {
            // The type forbids it; the freeze stops what a cast would let through.
            (event as { to: number | null }).to = 99;
          },
          async (_em, event) => void seen.push(String(event.to)),
        ],
      },
    ]);
    await expect(
      t.deps.orm.em.fork().transactional(async (em) => {
        await em.execute(
          "insert into contacts (name, email, source) values ('Kept?', 'kept@example.com', 'api')",
        );
        await bus.publish(em, 'contact.owner_changed', {
          contactId: 1,
          from: null,
          to: 7,
          actorId: null,
        });
      }),
    ).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
    expect(await queryRows(t.db.url, 'select id from contacts')).toEqual([]);
  });

  it("hands a batch subscriber all of publishAll's events at once, and each per-event subscriber its event in the context it came from", async () => {
    const request = new AsyncLocalStorage<string>();
    const batches: number[][] = [];
    const each: string[] = [];
    const asked: string[] = [];
    const bus = new EventBus().register([
      {
        'contact.deleted': [
          { all: async (_em, events) => void batches.push(events.map((e) => e.contactId)) },
          async (_em, { contactId }) => void each.push(`${contactId} from ${request.getStore()}`),
          {
            all: async (_em, events) => {
              for (const event of events)
                inContextOf(event, () => asked.push(`${event.contactId} by ${request.getStore()}`));
            },
          },
        ],
      },
    ]);
    // Three requests' contexts, captured as a group commit captures them.
    const contexts = ['a', 'b', 'c'].map((name) =>
      request.run(name, () => AsyncLocalStorage.snapshot()),
    );
    await t.deps.orm.em
      .fork()
      .transactional((em) =>
        request.run('the batch', () =>
          bus.publishAll(
            em,
            'contact.deleted',
            [{ contactId: 1 }, { contactId: 2 }, { contactId: 3 }],
            contexts,
          ),
        ),
      );
    expect(batches).toEqual([[1, 2, 3]]);
    expect(each).toEqual(['1 from a', '2 from b', '3 from c']);
    expect(asked).toEqual(['1 by a', '2 by b', '3 by c']);
  });
});
