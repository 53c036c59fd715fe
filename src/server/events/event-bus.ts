import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunInContext } from '../db/group-commit';
import type { DomainEventName, DomainEvents } from '../domain-events';

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

/**
 * Reacts to a batch of the same event at once (leads stored together by a group commit), so its
 * rows go out in one statement rather than one per event. Sees the events in publishing order.
 */
export interface BatchSubscriber<E extends DomainEventName> {
  all: (em: EntityManager, events: readonly EventOf<E>[]) => Promise<void>;
}

/** A feature's subscriptions. */
export type Subscriptions = {
  [E in DomainEventName]?: (Subscriber<E> | BatchSubscriber<E>)[];
};

/**
 * The context an event was published from, entered again around what is done for it alone (a
 * per-event subscriber, or a batch subscriber's own call of `inContextOf`): its audit scope (who,
 * from where) is that request's, not the batch's.
 */
const contexts = new WeakMap<object, RunInContext>();

/** Runs `fn` in the context `event` was published from (the current one if it has none). */
export function inContextOf<R>(event: object, fn: () => R): R {
  const run = contexts.get(event);
  return run ? run(fn) : fn();
}

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
    const list = (this.subscribers[name] ??= []) as (Subscriber<E> | BatchSubscriber<E>)[];
    list.push(...((from[name] ?? []) as (Subscriber<E> | BatchSubscriber<E>)[]));
  }

  /**
   * Runs every subscriber of `name` in order, inside `em`'s transaction: the change and all that
   * follows from it commit together, or not at all.
   */
  publish<E extends DomainEventName>(
    em: EntityManager,
    name: E,
    event: DomainEvents[E],
  ): Promise<void> {
    return this.publishAll(em, name, [event]);
  }

  /**
   * The same for several events of one kind that happened in one transaction (a group commit's
   * leads): each subscriber runs once over all of them, in order, a batch subscriber with the
   * whole list. `inContext[i]`, when given, is the context `events[i]` came from (see inContextOf).
   */
  async publishAll<E extends DomainEventName>(
    em: EntityManager,
    name: E,
    events: readonly DomainEvents[E][],
    inContext: readonly (RunInContext | undefined)[] = [],
  ): Promise<void> {
    // The contract, enforced: outside a transaction a subscriber's rows (an email and its job, a
    // webhook delivery) could commit without the change, or the change without them.
    if (!em.isInTransaction())
      throw new Error(`${name} published outside a transaction: publish in the change's own`);
    const delivered = events.map((event, i) => {
      const frozen = (freezeEvents ? deepFreeze(event) : event) as EventOf<E>;
      const run = inContext[i];
      if (run) contexts.set(frozen, run);
      return frozen;
    });
    for (const subscriber of (this.subscribers[name] ?? []) as (
      Subscriber<E> | BatchSubscriber<E>
    )[]) {
      if (typeof subscriber !== 'function') await subscriber.all(em, delivered);
      else for (const event of delivered) await inContextOf(event, () => subscriber(em, event));
    }
  }
}
