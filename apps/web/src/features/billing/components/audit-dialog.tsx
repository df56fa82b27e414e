import { DownloadIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import { BILLING_STATUS_LABELS, type BillingStatus } from '@ips/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ListSkeleton, LoadError } from '@/components/list-states';
import { auditCsvUrl, useBillingAudit } from '@/features/billing/api/billing';

const label = (s: string) => BILLING_STATUS_LABELS[s as BillingStatus] ?? s;

/** 'Auditoría #id' (spec §2): the record's status history and its CSV. */
export function AuditDialog({
  id,
  timezone,
  onClose,
}: {
  id: number | null;
  timezone: string;
  onClose: () => void;
}) {
  const audit = useBillingAudit(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Auditoría #{id}</DialogTitle>
          <DialogDescription>
            Cambios de estado del registro de facturación, del más antiguo al más reciente.
          </DialogDescription>
        </DialogHeader>
        {audit.isPending ? (
          <ListSkeleton rows={3} label="Cargando historial" />
        ) : audit.isError ? (
          <LoadError
            title="No se pudo cargar el historial"
            error={audit.error}
            onRetry={() => void audit.refetch()}
          />
        ) : audit.data.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">
            Sin cambios de estado: el registro sigue como nació.
          </p>
        ) : (
          <Table aria-label={`Historial del registro ${id}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Fecha</TableHead>
                <TableHead>Estado anterior</TableHead>
                <TableHead>Estado nuevo</TableHead>
                <TableHead>Usuario</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data.map((e) => (
                <TableRow key={e.id}>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatDateTime(e.created_at, timezone)}
                  </TableCell>
                  <TableCell>{label(e.old_status)}</TableCell>
                  <TableCell>{label(e.new_status)}</TableCell>
                  <TableCell>
                    {e.changed_by_name ?? (e.changed_by_user_id ? `#${e.changed_by_user_id}` : '—')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {id !== null && (
          <Button variant="outline" asChild className="self-start">
            <a href={auditCsvUrl(id)} download={`auditoria-facturacion-${id}.csv`}>
              <DownloadIcon aria-hidden />
              Descargar CSV
            </a>
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
