import { useState } from 'react';
import { toast } from 'sonner';
import { LockKeyholeIcon, LockOpenIcon } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@ips/shared/catalogs/roles';
import { countOf, formatDateTime } from '@ips/shared/format';
import { LoadError } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import {
  LOCKED_PAGE_SIZE,
  useLockedAccounts,
  type LockedAccount,
} from '@/features/users/api/get-locked-accounts';
import { useUnlockAccount } from '@/features/users/api/unlock-account';
import { toastError } from '@/lib/error-toast';
import { initials } from '@/lib/utils';

/** Administrators only: accounts locked by failed sign-ins (decision 019), with an unlock per account. */
export function LockedAccountsCard({ timezone }: { timezone: string }) {
  const [page, setPage] = useState(1);
  const locked = useLockedAccounts(page);
  const unlock = useUnlockAccount();
  const accounts = locked.data?.data ?? [];
  const total = locked.data?.total ?? 0;

  function unlockOne(a: LockedAccount) {
    unlock.mutate(a.user_id, {
      onSuccess: () => {
        toast.success('Cuenta desbloqueada', { description: `${a.name} ya puede iniciar sesión.` });
        // The last one of a later page: go back so the list is not left empty.
        if (accounts.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (err) => toastError(err, 'No se pudo desbloquear la cuenta'),
    });
  }

  return (
    <Card aria-labelledby="locked-accounts-title">
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id="locked-accounts-title" className="flex items-center gap-2">
            <LockKeyholeIcon className="size-4 text-primary" aria-hidden />
            Cuentas bloqueadas
          </CardTitle>
          <CardDescription>
            Usuarios con ingreso bloqueado por intentos fallidos. El bloqueo termina solo a los 15 minutos;
            desbloquee si el usuario ya está identificado.
          </CardDescription>
        </div>
        {locked.data && (
          <Badge variant={total > 0 ? 'destructive' : 'secondary'} className="self-start">
            {countOf(total, 'cuenta', 'cuentas')}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {locked.isPending ? (
          <div className="space-y-3" aria-label="Cargando cuentas bloqueadas">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : locked.isError ? (
          <LoadError
            title="No se pudieron cargar las cuentas bloqueadas"
            error={locked.error}
            onRetry={() => void locked.refetch()}
          />
        ) : accounts.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No hay cuentas bloqueadas.
          </p>
        ) : (
          <ul className="space-y-3">
            {accounts.map((a) => (
              <LockedAccountItem
                key={a.user_id}
                account={a}
                timezone={timezone}
                pending={unlock.isPending && unlock.variables === a.user_id}
                onUnlock={() => unlockOne(a)}
              />
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={Math.max(1, Math.ceil(total / LOCKED_PAGE_SIZE))}
          total={total}
          pageSize={LOCKED_PAGE_SIZE}
          onPageChange={setPage}
          itemLabel="cuentas bloqueadas"
          itemOne="cuenta bloqueada"
        />
      </CardContent>
    </Card>
  );
}

function LockedAccountItem({
  account: a,
  timezone,
  pending,
  onUnlock,
}: {
  account: LockedAccount;
  timezone: string;
  pending: boolean;
  onUnlock: () => void;
}) {
  return (
    <li className="rounded-lg border">
      <div className="flex flex-col gap-3 border-b bg-muted/40 px-4 py-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
            aria-hidden
          >
            {initials(a.name)}
          </span>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="truncate">{a.name}</span>
              <Badge variant="outline">{ROLE_LABELS[a.role as Role] ?? a.role}</Badge>
              {a.account_wide && (
                <Badge variant="destructive" title="Bloqueada desde toda dirección donde no ingresó antes">
                  Toda la cuenta
                </Badge>
              )}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {a.email} · desde {formatDateTime(a.locked_since, timezone)} · hasta{' '}
              {formatDateTime(a.locked_until, timezone)}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-end sm:self-center"
          disabled={pending}
          onClick={onUnlock}
          aria-label={`Desbloquear la cuenta de ${a.name}`}
        >
          <LockOpenIcon aria-hidden />
          {pending ? 'Desbloqueando…' : 'Desbloquear'}
        </Button>
      </div>
      <ul className="divide-y text-xs">
        {a.addresses.map((addr) => (
          <li key={addr.address ?? ''} className="flex flex-wrap gap-x-5 gap-y-0.5 px-4 py-2">
            <span className="font-medium text-foreground/80 tabular-nums">
              {addr.address || 'Dirección no registrada'}
            </span>
            <span className="text-muted-foreground">
              {countOf(addr.failures, 'intento fallido', 'intentos fallidos')} · último{' '}
              {formatDateTime(addr.last_failure_at, timezone)}
            </span>
            {addr.locked_until && (
              <span className="text-destructive">
                Bloqueada hasta {formatDateTime(addr.locked_until, timezone)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
