import { capitalize } from '../lib/format';
import type { SelectOption } from './option-select';

/** A filter's choices: 'all' first (labelled e.g. 'All Status'), then the given options. */
export function withAll<V extends string>(
  allLabel: string,
  options: readonly SelectOption<V>[],
): SelectOption<V | 'all'>[] {
  return [{ value: 'all', label: allLabel }, ...options];
}

/** One option per value, labelled by `labelOf` ('draft' -> 'Draft' by default). */
export function optionsOf<V extends string>(
  values: readonly V[],
  labelOf: (value: V) => string = capitalize,
): SelectOption<V>[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}

/** The team as options: a member's id (as text) labelled by their name. */
export function memberOptions(members: readonly { id: number; name: string }[]) {
  return members.map((m) => ({ value: String(m.id), label: m.name }));
}
