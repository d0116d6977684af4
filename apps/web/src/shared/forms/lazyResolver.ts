import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (the schema, zod, the zod resolver) is fetched the first time the form
 * is checked, on leaving a field or on submit, instead of before the page shows: the login page is
 * usable without them (issue #11). A failed download is tried again at the next check.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
