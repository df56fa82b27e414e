import { Link } from 'react-router';
import { ChevronLeftIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ResourcesView } from '@/features/resources/components/resources-view';
import { useCanManage } from '@/lib/use-can-manage';

export default function ResourcesPage() {
  const canManage = useCanManage();
  return (
    <div className="mx-auto w-full max-w-7xl">
      <Link
        to="/settings"
        className="mb-3 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ChevronLeftIcon className="size-4" aria-hidden />
        Configuración
      </Link>
      <PageHeader
        title="Gestión de Recursos"
        description="Especialidades, doctores, sedes, códigos CUPS, EPS y servicios de la IPS."
      />
      {!canManage && (
        <Alert variant="info" className="mb-4">
          <AlertDescription>
            Está en modo de consulta: solo un administrador o un supervisor puede crear, editar o eliminar
            recursos.
          </AlertDescription>
        </Alert>
      )}
      <ResourcesView canManage={canManage} />
    </div>
  );
}
