import { BILLING_STATUSES, BILLING_STATUS_LABELS, type BillingGroup } from '@ips/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { BillingFilters } from '@/features/billing/api/billing';
import { EntityAutocomplete, type Picked } from '@/components/entity-autocomplete';

const ALL = 'all';
export const GROUP_LABELS: Record<BillingGroup, string> = {
  day: 'Día',
  doctor: 'Doctor',
  service: 'Servicio',
};

export interface FilterState extends Omit<BillingFilters, 'doctor_id' | 'service_id'> {
  doctor: Picked | null;
  service: Picked | null;
  group: BillingGroup;
}

/** Spec §2: Desde, Hasta, Estado, Agrupar, free text, doctor and service, 'Limpiar filtros avanzados'. */
export function BillingFiltersBar({
  value,
  onChange,
  onClearAdvanced,
}: {
  value: FilterState;
  onChange: (patch: Partial<FilterState>) => void;
  onClearAdvanced: () => void;
}) {
  const advanced = value.status !== '' || value.q !== '' || value.doctor !== null || value.service !== null;
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="billing-from">Desde</Label>
        <DateInput
          id="billing-from"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="billing-to">Hasta</Label>
        <DateInput
          id="billing-to"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="billing-status">Estado</Label>
        <Select
          value={value.status || ALL}
          onValueChange={(v) => onChange({ status: v === ALL ? '' : (v as FilterState['status']) })}
        >
          <SelectTrigger id="billing-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Todos</SelectItem>
            {BILLING_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {BILLING_STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="billing-group">Agrupar</Label>
        <Select value={value.group} onValueChange={(v) => onChange({ group: v as BillingGroup })}>
          <SelectTrigger id="billing-group">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(GROUP_LABELS) as BillingGroup[]).map((g) => (
              <SelectItem key={g} value={g}>
                {GROUP_LABELS[g]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="billing-q">Buscar</Label>
        <SearchInput
          value={value.q}
          onChange={(q) => onChange({ q })}
          label="Buscar por servicio o doctor"
          placeholder="Servicio o doctor…"
          className="sm:max-w-none"
        />
      </div>
      <EntityAutocomplete
        kind="doctors"
        label="Doctor"
        placeholder="Escriba 2 letras…"
        value={value.doctor}
        onChange={(doctor) => onChange({ doctor })}
      />
      <EntityAutocomplete
        kind="services"
        label="Servicio"
        placeholder="Escriba 2 letras…"
        value={value.service}
        onChange={(service) => onChange({ service })}
      />
      <div className="flex items-end">
        <Button variant="ghost" className="w-full" disabled={!advanced} onClick={onClearAdvanced}>
          Limpiar filtros avanzados
        </Button>
      </div>
    </div>
  );
}
