import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type LazyZodResolver<S extends FormSchema> = Resolver<z.input<S>, unknown, z.output<S>> & {
  /** Starts loading the schema, e.g. when the form is first focused, so that the first submit need not wait. */
  preload: () => void;
};

/**
 * zodResolver for a shared schema that is loaded when the form first needs it rather than with the page: the
 * sign-in pages are read before they are filled in, and zod is the largest script they would load. A failed
 * load is tried again by the next validation.
 */
export function lazyZodResolver<S extends FormSchema>(loadSchema: () => Promise<S>): LazyZodResolver<S> {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>;
  let loading: Promise<Loaded> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Loaded,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
