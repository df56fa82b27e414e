/**
 * Runs a mutation's promise with success and error handlers that fire even if the component that started it
 * unmounted meanwhile (TanStack Query skips `mutate(…, { onSuccess })` callbacks then). An action can make its
 * own row disappear, e.g. a reassigned appointment leaves the day being viewed, and its toast must still show.
 */
export function settle<T>(
  promise: Promise<T>,
  handlers: { onSuccess: (result: T) => void; onError: (err: unknown) => void },
): void {
  promise.then(handlers.onSuccess, handlers.onError);
}
