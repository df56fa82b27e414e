import { useMemo } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { describedBy } from '@/components/ui/field';
import { useTimezones } from '@/features/settings/api/settings-api';

interface TimezoneFieldProps {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  disabled?: boolean;
}

/** The organisation's timezone, from GET /timezones (Colombia first), searchable by name or offset. */
export function TimezoneField({ id, value, onChange, error, disabled }: TimezoneFieldProps) {
  const zones = useTimezones();
  const options = useMemo(() => {
    const list = zones.data ?? [];
    const known = list.some((z) => z.id === value);
    return [
      ...(value && !known ? [{ value, label: value }] : []),
      ...list.map((z) => ({ value: z.id, label: z.id.replace(/_/g, ' '), detail: z.offset })),
    ];
  }, [zones.data, value]);
  return (
    <Combobox
      id={id}
      options={options}
      value={value || null}
      onChange={(v) => v && onChange(v)}
      placeholder={zones.isPending ? 'Cargando zonas…' : 'Seleccione la zona horaria'}
      searchPlaceholder="Buscar zona u horario (p. ej. Bogota, UTC-05)"
      emptyText="Ninguna zona coincide"
      disabled={disabled}
      limit={80}
      {...describedBy(id, error)}
    />
  );
}
