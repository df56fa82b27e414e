import { useState } from 'react';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { epsAuthorizationBatchBody } from '@ips/shared/schemas/resources-eps-authorizations';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLocations } from '@/features/resources/api/locations';
import { useEpsList } from '@/features/resources/api/eps';
import { useAuthorizedSpecialties, useSaveAuthorizations } from '@/features/resources/api/eps-authorizations';
import { useSpecialties } from '@/features/resources/api/specialties';
import { AuthorizationsTable } from '@/features/resources/components/eps-authorizations/authorizations-table';
import { CheckboxList } from '@/components/checkbox-list';
import { ListSkeleton } from '@/components/list-states';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName } from '@/lib/search';

const EPS_AND_LOCATION = 'Debe seleccionar una EPS y una ubicación';

/** 'EPS/Especialidades': which specialties each EPS authorizes at each location. */
export function EpsAuthorizationsTab({ canManage }: { canManage: boolean }) {
  const eps = useEpsList();
  const locations = useLocations();
  const specialties = useSpecialties();
  const save = useSaveAuthorizations();
  const [epsId, setEpsId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  // The user's ticks for one EPS and location; until then, what the server has authorized.
  const [edited, setEdited] = useState<{ key: string; ids: number[] } | null>(null);
  const authorized = useAuthorizedSpecialties(epsId, locationId);

  const key = `${epsId}:${locationId}`;
  const authorizedIds = authorized.data?.map((a) => a.specialty_id) ?? [];
  const selected = edited?.key === key ? edited.ids : authorizedIds;
  const location = locations.data?.find((l) => l.id === locationId);
  const offered = new Set(location?.specialties.map((s) => s.id));
  const options = (specialties.data ?? [])
    .filter((s) => s.active)
    .sort((a, b) => Number(offered.has(b.id)) - Number(offered.has(a.id)) || byName(a, b))
    .map((s) => ({
      id: s.id,
      name: s.name,
      detail: location && !offered.has(s.id) ? 'No se atiende en esta sede' : undefined,
      disabled: !canManage,
    }));

  function submit() {
    const revoked = authorizedIds.filter((id) => !selected.includes(id));
    const parsed = epsAuthorizationBatchBody.safeParse({
      authorizations: [
        ...selected.map((specialty_id) => ({
          eps_id: epsId,
          location_id: locationId,
          specialty_id,
          authorized: true,
        })),
        ...revoked.map((specialty_id) => ({
          eps_id: epsId,
          location_id: locationId,
          specialty_id,
          authorized: false,
        })),
      ],
    });
    if (!parsed.success || epsId === null || locationId === null) {
      const message = parsed.error?.issues[0]?.message ?? EPS_AND_LOCATION;
      setMissing(message);
      notifyError(null, message);
      return;
    }
    setMissing(null);
    save.mutate(parsed.data, {
      onSuccess: (res) => {
        const { created, updated } = res.data;
        notifySuccess(
          'Autorizaciones guardadas',
          `${countOf(created, 'nueva')}, ${countOf(updated, 'actualizada')}`,
        );
        setEdited(null);
      },
      onError: (err) => notifyError(err, 'No se pudieron guardar las autorizaciones'),
    });
  }

  const epsError = missing && epsId === null ? missing : undefined;
  const locationError = missing && locationId === null ? missing : undefined;
  return (
    <div className="space-y-6">
      <TabSection
        id="eps-authorizations"
        title="EPS/Especialidades"
        description="Elija una EPS y una sede, y marque las especialidades que la EPS autoriza allí."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field id="auth-eps" label="EPS" required error={epsError}>
            <Select
              value={epsId ? String(epsId) : ''}
              onValueChange={(v) => {
                setEpsId(Number(v));
                setMissing(null);
              }}
            >
              <SelectTrigger id="auth-eps" {...describedBy('auth-eps', epsError)}>
                <SelectValue placeholder={eps.isPending ? 'Cargando EPS…' : 'Seleccione una EPS'} />
              </SelectTrigger>
              <SelectContent>
                {(eps.data ?? [])
                  .slice()
                  .sort(byName)
                  .map((e) => (
                    // Spec part 2 §5: inactive EPS are listed but cannot be chosen.
                    <SelectItem key={e.id} value={String(e.id)} disabled={e.status !== 'active'}>
                      {e.name} ({e.code}){e.status !== 'active' ? ' · inactiva' : ''}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="auth-location" label="Sede" required error={locationError}>
            <Select
              value={locationId ? String(locationId) : ''}
              onValueChange={(v) => {
                setLocationId(Number(v));
                setMissing(null);
              }}
            >
              <SelectTrigger id="auth-location" {...describedBy('auth-location', locationError)}>
                <SelectValue placeholder={locations.isPending ? 'Cargando sedes…' : 'Seleccione una sede'} />
              </SelectTrigger>
              <SelectContent>
                {(locations.data ?? [])
                  .slice()
                  .sort(byName)
                  .map((l) => (
                    <SelectItem key={l.id} value={String(l.id)}>
                      {l.name}
                      {l.status === 'Inactiva' ? ' · inactiva' : ''}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </Field>
        </div>
        {specialties.isPending || authorized.isFetching ? (
          <ListSkeleton rows={3} label="Cargando especialidades" />
        ) : (
          <CheckboxList
            legend="Especialidades autorizadas"
            options={options}
            value={selected}
            onChange={(ids) => setEdited({ key, ids })}
            emptyText="No hay especialidades activas"
            listClassName="max-h-96 lg:grid-cols-3"
          />
        )}
        {canManage && (
          <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
            {selected.length === 0 && (
              <p className="text-xs text-muted-foreground">Marque al menos una especialidad para guardar.</p>
            )}
            <Button onClick={submit} disabled={selected.length === 0 || save.isPending}>
              {save.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : (
                <SaveIcon aria-hidden />
              )}
              {save.isPending ? 'Guardando…' : 'Guardar autorizaciones'}
            </Button>
          </div>
        )}
      </TabSection>
      <AuthorizationsTable canManage={canManage} epsId={epsId} locationId={locationId} />
    </div>
  );
}
