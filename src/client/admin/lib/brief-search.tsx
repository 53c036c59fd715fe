import type { ReactNode } from 'react';
import type { BadgeTone } from '../../components/ui/badge';
import { CountBadges, countItems } from '../components/count-badges';
import { optionsOf, withAll } from '../components/filter-options';
import { FilterSelect } from '../components/filter-select';
import { SearchInput } from '../components/search-input';
import { countBy } from './filters';
import { useFilter } from './use-filter';

/** A small list's search, and optionally one value to filter and count by (status, priority). */
export interface BriefSearch<T, K extends string> {
  /** The search box's label ("Search campaigns"). */
  label: string;
  /** The items shown for a search term and a chosen value ('all': any); see filters.ts. */
  match: (items: readonly T[], term: string, value: K | 'all') => T[];
  by?: {
    /** The select's label ("Filter by status") and its first choice ("All Status"). */
    label: string;
    allLabel: string;
    /** The values, in the order the select and the count badges list them. */
    values: readonly K[];
    valueOf: (item: T) => K;
    tone: (value: K) => BadgeTone;
    /** The count badges' list label ("Campaigns per status"). */
    countsLabel: string;
  };
}

/**
 * The search of the small lists the browser filters (users, inquiries, campaigns): the items
 * shown, the toolbar (a search box and the filter) and the count badges, for a ListPage.
 */
export function useBriefSearch<T, K extends string>(
  items: readonly T[],
  search: BriefSearch<T, K>,
): { shown: T[]; toolbar: ReactNode; summary?: ReactNode } {
  const [term, termControl] = useFilter('');
  const [value, valueControl] = useFilter<K | 'all'>('all');
  const { by } = search;
  return {
    shown: search.match(items, term, value),
    toolbar: (
      <>
        <SearchInput {...termControl} label={search.label} />
        {by && (
          <FilterSelect
            label={by.label}
            {...valueControl}
            options={withAll(by.allLabel, optionsOf(by.values))}
          />
        )}
      </>
    ),
    summary: by && (
      <CountBadges
        label={by.countsLabel}
        items={countItems(countBy(items, by.values, by.valueOf), by.values, by.tone)}
      />
    ),
  };
}
