import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * react-hook-form validation with a shared zod schema (its Spanish messages). The form holds what the inputs
 * hold (`V`, text and booleans); the submit handler receives the schema's parsed output (`O`), ready to send.
 */
export function formResolver<V extends FieldValues, O>(schema: object): Resolver<V, unknown, O> {
  // The schemas take `unknown` input (they normalise text, '' and 0/1 themselves), which the resolver's
  // generic bound does not model.
  return zodResolver(schema as Parameters<typeof zodResolver>[0]) as unknown as Resolver<V, unknown, O>;
}

/** Puts a 400's field messages under the matching inputs; true when at least one landed. */
export function applyServerErrors<V extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
): boolean {
  if (!(err instanceof ApiError) || !err.errors) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(err.errors)) {
    if ((fields as readonly string[]).includes(field) && messages[0]) {
      setError(field as Path<V>, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  return placed;
}

/** '' for null/undefined, for inputs. */
export const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v);
