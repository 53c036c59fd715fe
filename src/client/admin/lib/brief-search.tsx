import type { ReactNode } from 'react';
import type { BadgeTone } from '../../components/ui/badge';
import { CountBadges, countItems } from '../components/count-badges';
import { optionsOf, withAll } from '../components/filter-options';
import { FilterSelect } from '../components/filter-select';
import { SearchInput } from '../components/search-input';
import { countBy } from './filters';
import { capitalize } from './format';
import { useFilter } from './use-filter';

/**
 * A small list's search, and optionally one field to filter and count by (status, priority); the
 * labels follow from the names: "Search campaigns", "Filter by status", "Campaigns per status".
 */
export interface BriefSearch<T, K extends string> {
  /** What the list holds, in the plural ("campaigns"). */
  items: string;
  /** Said under "No Matching Campaigns" when nothing matches (nothing more when absent). */
  noMatchHint?: string;
  /** The items shown for a search term and a chosen value ('all': any); see filters.ts. */
  match: (items: readonly T[], term: string, value: K | 'all') => T[];
  by?: {
    field: { [F in keyof T]: T[F] extends K ? F : never }[keyof T] & string;
    /** Its values, in the order the select and the count badges list them. */
    values: readonly K[];
    tone: (value: K) => BadgeTone;
    /** The select's first choice ("All Status"). */
    all: string;
  };
}

/** What a brief search gives its ListPage: the toolbar, the count badges and the no-match state. */
interface BriefSearchList {
  toolbar: ReactNode;
  summary?: ReactNode;
  shown: number;
  noMatch: { title: string; hint?: string };
}

/**
 * The search of the small lists the browser filters (users, inquiries, campaigns): the items
 * shown, and for their ListPage (`{...list}`) the toolbar (a search box and the filter), the count
 * badges and what it says when nothing matches.
 */
export function useBriefSearch<T, K extends string>(
  items: readonly T[],
  search: BriefSearch<T, K>,
): { shown: T[]; list: BriefSearchList } {
  const [term, termControl] = useFilter('');
  const [value, valueControl] = useFilter<K | 'all'>('all');
  const { by } = search;
  const shown = search.match(items, term, value);
  const toolbar = (
    <>
      <SearchInput {...termControl} label={`Search ${search.items}`} />
      {by && (
        <FilterSelect
          label={`Filter by ${by.field}`}
          {...valueControl}
          options={withAll(by.all, optionsOf(by.values))}
        />
      )}
    </>
  );
  const summary = by && (
    <CountBadges
      label={`${capitalize(search.items)} per ${by.field}`}
      items={countItems(
        countBy(items, by.values, (item) => item[by.field] as K),
        by.values,
        by.tone,
      )}
    />
  );
  const noMatch = { title: `No Matching ${capitalize(search.items)}`, hint: search.noMatchHint };
  return { shown, list: { toolbar, summary, shown: shown.length, noMatch } };
}
