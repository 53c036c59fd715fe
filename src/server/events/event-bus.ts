import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventName, DomainEvents } from './domain-events';

/** Reacts to one event, in the publisher's transaction (`em`): throwing rolls the change back. */
export type Subscriber<E extends DomainEventName> = (
  em: EntityManager,
  event: DomainEvents[E],
) => Promise<void>;

/** A feature's subscriptions. */
export type Subscriptions = { [E in DomainEventName]?: Subscriber<E>[] };

/** Publishes domain events to the subscribers the features registered, one after another. */
export class EventBus {
  private readonly subscribers: Subscriptions = {};

  /** Adds subscriptions after those already registered (they run in registration order). */
  register(subscriptions: readonly Subscriptions[]): this {
    for (const each of subscriptions)
      for (const name of Object.keys(each) as DomainEventName[]) this.add(name, each);
    return this;
  }

  private add<E extends DomainEventName>(name: E, from: Subscriptions): void {
    const list = (this.subscribers[name] ??= []) as Subscriber<E>[];
    list.push(...((from[name] ?? []) as Subscriber<E>[]));
  }

  /**
   * Runs every subscriber of `name` in order, inside `em`'s transaction: the change and all that
   * follows from it commit together, or not at all.
   */
  async publish<E extends DomainEventName>(
    em: EntityManager,
    name: E,
    event: DomainEvents[E],
  ): Promise<void> {
    // The contract, enforced: outside a transaction a subscriber's rows (an email and its job, a
    // webhook delivery) could commit without the change, or the change without them.
    if (!em.isInTransaction())
      throw new Error(`${name} published outside a transaction: publish in the change's own`);
    for (const subscriber of (this.subscribers[name] ?? []) as Subscriber<E>[])
      await subscriber(em, event);
  }
}
