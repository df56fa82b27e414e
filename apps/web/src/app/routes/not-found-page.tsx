import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, CompassIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = 'Página no encontrada';
  }, []);
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent text-primary">
          <CompassIcon className="size-7" aria-hidden />
        </span>
        <p className="mt-5 text-sm font-semibold text-primary">Error 404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Página no encontrada</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          La dirección que buscó no existe o fue cambiada. Verifique el enlace o vuelva al inicio.
        </p>
        <Button asChild className="mt-6">
          <Link to="/">
            <ArrowLeftIcon aria-hidden />
            Volver al inicio
          </Link>
        </Button>
      </div>
    </main>
  );
}
