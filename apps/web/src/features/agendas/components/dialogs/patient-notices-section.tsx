import { useState } from 'react';
import { MailIcon } from 'lucide-react';
import { PATIENT_NOTICE_STATUS_LABELS } from '@ips/shared/schemas/notifications';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { ListSkeleton } from '@/components/list-states';
import { NOTICE_CHANNEL_LABELS } from '@/features/agendas/utils/notice-channels';
import { PATIENT_NOTICES_PAGE_SIZE, usePatientNotices } from '@/features/agendas/api/patient-notices';

const VARIANT: Record<string, 'success' | 'destructive' | 'warning' | 'secondary'> = {
  enviada: 'success',
  fallida: 'destructive',
  pendiente: 'warning',
  sin_correo: 'secondary',
};

const ORDER = ['enviada', 'pendiente', 'fallida', 'sin_correo'] as const;

/** Where a cancelled agenda is shown: each patient's notice and whether it reached them. */
export function PatientNoticesSection({ availabilityId }: { availabilityId: number }) {
  const [page, setPage] = useState(1);
  const notices = usePatientNotices(availabilityId, page, true);
  const data = notices.data;
  return (
    <section aria-labelledby="patient-notices-title" className="space-y-2" data-testid="patient-notices">
      <h3 id="patient-notices-title" className="flex items-center gap-2 text-sm font-semibold">
        <MailIcon className="size-4 text-primary" aria-hidden />
        Avisos a pacientes
      </h3>
      {notices.isPending ? (
        <ListSkeleton rows={2} label="Cargando avisos" />
      ) : notices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          No se pudieron cargar los avisos
        </p>
      ) : data!.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          La cancelación no dejó avisos: no había pacientes agendados.
        </p>
      ) : (
        <>
          <p className="flex flex-wrap gap-1.5 text-xs" aria-label="Resumen de avisos">
            {ORDER.filter((s) => data!.summary[s]).map((s) => (
              <Badge key={s} variant={VARIANT[s]}>
                {PATIENT_NOTICE_STATUS_LABELS[s]}: {data!.summary[s]}
              </Badge>
            ))}
          </p>
          <ul className="divide-y rounded-lg border text-sm">
            {data!.data.map((n) => (
              <li
                key={n.id}
                className="flex flex-wrap items-start justify-between gap-2 px-3 py-2"
                data-testid="patient-notice"
              >
                <span className="min-w-0">
                  <span className="block font-medium">{n.patient_name}</span>
                  <span className="block text-xs break-all text-muted-foreground">
                    {NOTICE_CHANNEL_LABELS[n.channel as keyof typeof NOTICE_CHANNEL_LABELS] ?? n.channel}
                    {n.email ? ` · ${n.email}` : ''}
                  </span>
                  {n.detail && n.status !== 'enviada' && (
                    <span className="block text-xs text-muted-foreground">{n.detail}</span>
                  )}
                </span>
                <Badge variant={VARIANT[n.status] ?? 'secondary'}>
                  {PATIENT_NOTICE_STATUS_LABELS[n.status] ?? n.status}
                </Badge>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(data!.total / PATIENT_NOTICES_PAGE_SIZE))}
            total={data!.total}
            pageSize={PATIENT_NOTICES_PAGE_SIZE}
            onPageChange={setPage}
            itemLabel="avisos"
            itemOne="aviso"
          />
        </>
      )}
    </section>
  );
}
