import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventName, DomainEvents } from './domain-events';

/** What happened is history: no subscriber may change it for those after it. */
export type Immutable<T> = T extends Date
  ? T
  : T extends (infer U)[]
    ? readonly Immutable<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Immutable<T[K]> }
      : T;

/** An event as its subscribers receive it. */
export type EventOf<E extends DomainEventName> = Immutable<DomainEvents[E]>;

/** Reacts to one event, in the publisher's transaction (`em`): throwing rolls the change back. */
export type Subscriber<E extends DomainEventName> = (
  em: EntityManager,
  event: EventOf<E>,
) => Promise<void>;

/**
 * Outside production every event is frozen before its first subscriber runs, so a subscriber that
 * writes to it fails its tests instead of changing what later subscribers see. (Production skips
 * the walk: the types already forbid the write.)
 */
const freezeEvents = process.env.NODE_ENV !== 'production';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

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

  /** How many subscribers `name` has (every event has one: see event-bus.test.ts). */
  subscriberCount(name: DomainEventName): number {
    return this.subscribers[name]?.length ?? 0;
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
    const delivered = (freezeEvents ? deepFreeze(event) : event) as EventOf<E>;
    for (const subscriber of (this.subscribers[name] ?? []) as Subscriber<E>[])
      await subscriber(em, delivered);
  }
}
