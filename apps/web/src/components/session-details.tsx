import { MonitorIcon, SmartphoneIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import { describeUserAgent } from '@/lib/describe-user-agent';

interface SessionLike {
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** Device, IP and the three moments of a session, laid out to wrap on narrow screens. */
export function SessionDetails({
  session,
  timezone,
  badge,
}: {
  session: SessionLike;
  timezone: string;
  badge?: React.ReactNode;
}) {
  const device = describeUserAgent(session.user_agent);
  const Icon = device.mobile ? SmartphoneIcon : MonitorIcon;
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span title={session.user_agent ?? undefined}>{device.label}</span>
          {badge}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-0.5 text-xs text-muted-foreground">
          <Detail term="Dirección IP" value={session.ip || 'No registrada'} />
          <Detail term="Inicio" value={formatDateTime(session.created_at, timezone)} />
          <Detail
            term="Última actividad"
            value={session.last_seen_at ? formatDateTime(session.last_seen_at, timezone) : 'Sin registro'}
          />
          <Detail term="Expira" value={formatDateTime(session.expires_at, timezone)} />
        </dl>
      </div>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-1 whitespace-nowrap">
      <dt>{term}:</dt>
      <dd className="font-medium text-foreground/80 tabular-nums">{value}</dd>
    </div>
  );
}
