import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterOption } from '../components/FilterTabs';

/** One filter kept in the address: what it is when absent, and how a typed-in value is read. */
export type ListFilter<T extends string = string> = { fallback: T; parse: (raw: string) => T };

/** Free text (a search): anything goes, absent is empty. */
export const textFilter: ListFilter = { fallback: '', parse: (raw) => raw };

/** A day, or nothing: a mistyped link must not turn the whole page into a 422. */
export const dayFilter: ListFilter = { fallback: '', parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : '') };

/** One of the options (a status tab, a source); anything else reads as the fallback. */
export function choiceFilter<T extends string>(options: readonly FilterOption<T>[], fallback: T): ListFilter<T> {
  return { fallback, parse: (raw) => options.find((option) => option.value === raw)?.value ?? fallback };
}

type Values<Spec extends Record<string, ListFilter>> = { [K in keyof Spec]: ReturnType<Spec[K]['parse']> };

export type ListFilters<Spec extends Record<string, ListFilter>> = {
  values: Values<Spec>;
  /** Puts one filter in the address and goes back to page 1. */
  set: (name: keyof Spec & string, value: string) => void;
  /** Empties the named filters (all by default) and goes back to page 1. */
  clear: (names?: readonly (keyof Spec & string)[]) => void;
  /** Some filter differs from its fallback. */
  filtered: boolean;
  /** Counts the clears, so a search box that keeps its own text empties too (see SearchField). */
  clears: number;
};

/**
 * A list's filters as state kept in the address, so a reload, the back button or a shared link
 * shows the same list. Changes replace the history entry and drop `?page=`.
 */
export function useListFilters<Spec extends Record<string, ListFilter>>(spec: Spec): ListFilters<Spec> {
  const [params, setParams] = useSearchParams();
  const [clears, setClears] = useState(0);
  const names = Object.keys(spec) as (keyof Spec & string)[];
  const values = Object.fromEntries(
    names.map((name) => [name, spec[name]!.parse(params.get(name) ?? spec[name]!.fallback)]),
  ) as Values<Spec>;

  const set = useCallback(
    (name: keyof Spec & string, value: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (value === '' || value === spec[name]!.fallback) updated.delete(name);
          else updated.set(name, value);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams, spec],
  );

  const clear = (only: readonly (keyof Spec & string)[] = names) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const name of [...only, 'page']) updated.delete(name);
        return updated;
      },
      { replace: true },
    );
    setClears((n) => n + 1);
  };

  const filtered = names.some((name) => values[name] !== spec[name]!.fallback);
  return { values, set, clear, filtered, clears };
}
