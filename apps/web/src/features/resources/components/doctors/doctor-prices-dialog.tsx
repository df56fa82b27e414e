import { useState } from 'react';
import { formatMoney } from '@ips/shared/format';
import { BILLING_MESSAGES } from '@ips/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ListSkeleton, LoadError } from '@/components/list-states';
import { useDoctorPrices, useSaveDoctorPrices } from '@/features/resources/api/doctor-prices';
import type { Doctor } from '@/features/resources/api/doctors';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Digits only: the price in whole pesos as typed ('65.000' → '65000'). */
const digits = (v: string) => v.replace(/\D/g, '').slice(0, 12);

/**
 * Tarifas (decision 031): the doctor's own price per service; empty means the service's base price. The billing
 * record of an appointment completed afterwards takes it; records already born keep theirs.
 */
export function DoctorPricesDialog({ doctor, onClose }: { doctor: Doctor; onClose: () => void }) {
  const prices = useDoctorPrices(doctor.id);
  const save = useSaveDoctorPrices(doctor.id);
  const [edits, setEdits] = useState<Record<number, string>>({});
  const valueOf = (serviceId: number, price: number | null) =>
    edits[serviceId] ?? (price === null ? '' : String(Math.round(price)));

  const submit = () => {
    const list = (prices.data ?? []).map((p) => {
      const v = valueOf(p.service_id, p.price);
      return { service_id: p.service_id, price: v === '' ? null : Number(v) };
    });
    save.mutate(
      { prices: list },
      {
        onSuccess: () => {
          notifySuccess(BILLING_MESSAGES.pricesSaved, doctor.name);
          onClose();
        },
        onError: (err) => notifyError(err, 'No se pudo guardar'),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Tarifas de {doctor.name}</DialogTitle>
          <DialogDescription>
            Precio propio del doctor por servicio. Vacío: se factura el precio base del servicio.
          </DialogDescription>
        </DialogHeader>
        {prices.isPending ? (
          <ListSkeleton rows={4} label="Cargando tarifas" />
        ) : prices.isError ? (
          <LoadError
            title="No se pudieron cargar los datos"
            error={prices.error}
            onRetry={() => void prices.refetch()}
          />
        ) : prices.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aún no hay servicios. Créelos en la pestaña Servicios.
          </p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Servicios">
            {prices.data.map((p) => (
              <li key={p.service_id} className="flex items-center justify-between gap-3 py-2">
                <label htmlFor={`price-${p.service_id}`} className="min-w-0 text-sm">
                  <span className="block truncate font-medium">
                    {p.service_name}
                    {!p.active && <span className="text-muted-foreground"> (inactivo)</span>}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    Base {formatMoney(p.base_price, p.currency)} · {p.currency}
                  </span>
                </label>
                <Input
                  id={`price-${p.service_id}`}
                  inputMode="numeric"
                  className="w-36 text-right tabular-nums"
                  placeholder="Precio base"
                  value={valueOf(p.service_id, p.price)}
                  onChange={(e) => setEdits((x) => ({ ...x, [p.service_id]: digits(e.target.value) }))}
                  aria-label={`Tarifa de ${p.service_name}`}
                />
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={save.isPending || !prices.isSuccess}>
            {save.isPending ? 'Guardando…' : 'Guardar tarifas'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
