import type { ReactNode } from 'react';
import { ClockIcon, MapPinIcon, PencilIcon, PhoneIcon, SirenIcon, UsersIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import type { Location } from '@/features/resources/api/locations';
import { LocationMetrics } from '@/features/resources/components/locations/location-metrics';
import type { YearMonth } from '@/features/resources/lib/month';

const MAX_SPECIALTIES = 6;

function Detail({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof MapPinIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="text-sm">
      <dt className="sr-only">{label}</dt>
      <dd className="flex gap-2.5">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 break-words">{children}</div>
      </dd>
    </div>
  );
}

interface LocationCardProps {
  location: Location;
  month: YearMonth;
  onEdit?: () => void;
}

export function LocationCard({ location: l, month, onEdit }: LocationCardProps) {
  const active = l.status === 'Activa';
  const titleId = `location-${l.id}-title`;
  const place = [l.municipality_name, l.zone_name && `Zona ${l.zone_name}`].filter(Boolean).join(' · ');
  return (
    <Card aria-labelledby={titleId} className="gap-4" data-testid="location-card">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="text-base leading-tight font-semibold">
            {l.name}
          </h2>
          <p className="text-sm text-muted-foreground">{l.type ?? 'Sin tipo de sede'}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge variant={active ? 'success' : 'secondary'}>{active ? 'Activa' : 'Inactiva'}</Badge>
          {onEdit && (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={onEdit}
              aria-label={`Editar ${l.name}`}
            >
              <PencilIcon aria-hidden />
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="grid gap-2">
          <Detail icon={MapPinIcon} label="Dirección">
            {l.address ?? <span className="text-muted-foreground">Sin dirección registrada</span>}
            {place && <span className="block text-xs text-muted-foreground">{place}</span>}
          </Detail>
          <Detail icon={PhoneIcon} label="Teléfono">
            {l.phone ? (
              <a
                href={`tel:${l.phone.replace(/\s+/g, '')}`}
                className="rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                {l.phone}
              </a>
            ) : (
              <span className="text-muted-foreground">Sin teléfono</span>
            )}
          </Detail>
          <Detail icon={ClockIcon} label="Horario de atención">
            {l.hours ?? <span className="text-muted-foreground">Horario no registrado</span>}
          </Detail>
          <Detail icon={SirenIcon} label="Urgencias">
            {l.emergency_hours ? (
              <>Urgencias: {l.emergency_hours}</>
            ) : (
              <span className="text-muted-foreground">Sin servicio de urgencias</span>
            )}
          </Detail>
          {l.capacity !== null && (
            <Detail icon={UsersIcon} label="Capacidad instalada">
              Capacidad instalada: {l.capacity}
            </Detail>
          )}
        </dl>

        <div>
          <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Especialidades ({l.specialties.length})
          </h3>
          {l.specialties.length === 0 ? (
            <p className="text-sm text-muted-foreground">Sin especialidades asignadas</p>
          ) : (
            <ul className="flex flex-wrap gap-1" aria-label={`Especialidades de ${l.name}`}>
              {l.specialties.slice(0, MAX_SPECIALTIES).map((s) => (
                <li key={s.id}>
                  <Badge variant="secondary">{s.name}</Badge>
                </li>
              ))}
              {l.specialties.length > MAX_SPECIALTIES && (
                <li>
                  <Badge
                    variant="outline"
                    title={l.specialties
                      .slice(MAX_SPECIALTIES)
                      .map((s) => s.name)
                      .join(', ')}
                  >
                    +{l.specialties.length - MAX_SPECIALTIES} más
                  </Badge>
                </li>
              )}
            </ul>
          )}
        </div>

        <Separator className="mt-auto" />
        <section aria-label={`Métricas del mes de ${l.name}`}>
          <LocationMetrics locationId={l.id} month={month} />
        </section>
      </CardContent>
    </Card>
  );
}
