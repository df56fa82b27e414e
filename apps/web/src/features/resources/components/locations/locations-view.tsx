import { useMemo, useState } from 'react';
import { Building2Icon, PlusIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useLocations, type Location } from '@/features/resources/api/locations';
import { LocationCard } from '@/features/resources/components/locations/location-card';
import { LocationFormDialog } from '@/features/resources/components/locations/location-form-dialog';
import { MonthPicker } from '@/features/resources/components/locations/month-picker';
import { currentMonth, type YearMonth } from '@/features/resources/lib/month';
import { EmptyState, LoadError } from '@/components/list-states';
import { SearchInput } from '@/components/search-input';
import { byName, matches } from '@/lib/search';
import { useCanManage } from '@/lib/use-can-manage';
import { useOrgSettings } from '@/lib/settings/use-org-settings';

type StatusFilter = 'all' | 'Activa' | 'Inactiva';

export function LocationsView() {
  const canManage = useCanManage();
  const { timezone } = useOrgSettings();
  const today = currentMonth(timezone);
  const [month, setMonth] = useState<YearMonth>(today);
  const locations = useLocations();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<{ key: number; item?: Location } | null>(null);

  const filtered = useMemo(
    () =>
      (locations.data ?? [])
        .filter(
          (l) =>
            (status === 'all' || l.status === status) &&
            matches(
              query,
              l.name,
              l.address,
              l.type,
              l.municipality_name,
              l.zone_name,
              ...l.specialties.map((s) => s.name),
            ),
        )
        .sort(byName),
    [locations.data, query, status],
  );
  const total = locations.data?.length ?? 0;
  const active = locations.data?.filter((l) => l.status === 'Activa').length ?? 0;

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Ubicaciones"
        description={
          locations.isSuccess
            ? `${countOf(total, 'sede', 'sedes')} · ${countOf(active, 'activa', 'activas')}. Capacidad y ocupación del mes según las agendas.`
            : 'Sedes de la IPS con su capacidad y ocupación del mes.'
        }
        actions={
          canManage && (
            <Button onClick={() => setEditing({ key: Date.now() })}>
              <PlusIcon aria-hidden />
              Nueva sede
            </Button>
          )
        }
      />
      <div className="mb-5 flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row">
          <SearchInput
            value={query}
            onChange={setQuery}
            label="Buscar sede o municipio"
            className="sm:max-w-sm"
          />
          <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
            <SelectTrigger className="sm:w-44 sm:shrink-0" aria-label="Filtrar por estado">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Todas las sedes</SelectItem>
              <SelectItem value="Activa">Activas</SelectItem>
              <SelectItem value="Inactiva">Inactivas</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <MonthPicker value={month} onChange={setMonth} current={today} />
      </div>

      {locations.isPending ? (
        <div className="grid gap-5 lg:grid-cols-2 2xl:grid-cols-3" role="status" aria-label="Cargando sedes">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-96 rounded-xl" />
          ))}
        </div>
      ) : locations.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={locations.error}
          onRetry={() => void locations.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={Building2Icon}
          title={total === 0 ? 'Aún no hay sedes registradas' : 'Ninguna sede coincide con la búsqueda'}
          description={total === 0 && canManage ? 'Cree la primera sede para empezar a agendar.' : undefined}
          action={
            total === 0 &&
            canManage && (
              <Button onClick={() => setEditing({ key: Date.now() })}>
                <PlusIcon aria-hidden />
                Nueva sede
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2 2xl:grid-cols-3">
          {filtered.map((l) => (
            <LocationCard
              key={l.id}
              location={l}
              month={month}
              onEdit={canManage ? () => setEditing({ key: Date.now(), item: l }) : undefined}
            />
          ))}
        </div>
      )}
      {editing && (
        <LocationFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          location={editing.item}
        />
      )}
    </div>
  );
}
