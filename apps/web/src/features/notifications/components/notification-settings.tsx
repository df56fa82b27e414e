import { BellIcon } from 'lucide-react';
import { NOTIFICATION_SEND_ROLES } from '@ips/shared/schemas/notifications';
import type { Role } from '@ips/shared/catalogs/roles';
import { EmailOutboxCard } from '@/features/notifications/components/email-outbox-card';
import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { SendNotificationCard } from '@/features/notifications/components/send-notification-card';

/** The 'Notificaciones' section of Configuración: my preferences; sending (managers); outgoing e-mail (admin). */
export function NotificationSettings({ role, timezone }: { role: Role; timezone: string }) {
  return (
    <section aria-labelledby="notifications-heading" className="mb-8 space-y-4">
      <div className="flex items-center gap-2">
        <BellIcon className="size-4 text-primary" aria-hidden />
        <h2
          id="notifications-heading"
          className="text-sm font-semibold tracking-wider text-muted-foreground uppercase"
        >
          Notificaciones
        </h2>
      </div>
      <NotificationPreferencesCard />
      {NOTIFICATION_SEND_ROLES.includes(role) && <SendNotificationCard />}
      {role === 'admin' && <EmailOutboxCard timezone={timezone} />}
    </section>
  );
}
