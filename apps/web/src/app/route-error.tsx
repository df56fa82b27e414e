import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangleIcon, RotateCwIcon } from 'lucide-react';

/**
 * Last resort for a page that failed to load or render (often a new version deployed meanwhile). Plain classes
 * instead of the ui kit keep the first download small.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangleIcon className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-xl font-semibold">No se pudo mostrar esta página</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Ocurrió un error inesperado. Recargue la página; si el problema continúa, comuníquese con soporte.
        </p>
        {detail && (
          <p className="mt-3 rounded-md bg-muted px-3 py-2 font-mono text-xs text-muted-foreground">
            {detail}
          </p>
        )}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm outline-none hover:bg-primary-hover focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <RotateCwIcon className="size-4" aria-hidden />
          Recargar página
        </button>
      </div>
    </main>
  );
}
