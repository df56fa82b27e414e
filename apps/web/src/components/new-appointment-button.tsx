import { PlusIcon } from 'lucide-react';
import { ShortcutHint } from '@/components/kbd';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Hint } from '@/components/ui/hint';
import { ariaKeyShortcuts, isMacPlatform, shortcutText } from '@/lib/shortcuts';

const TOOLTIP = `Nueva Cita (${shortcutText('new-appointment', isMacPlatform())}, o N fuera de un campo)`;

/** 'Nueva Cita' with its keyboard shortcut in the tooltip and as a keycap hint (wide screens). */
export function NewAppointmentButton({ onClick, variant }: Pick<ButtonProps, 'onClick' | 'variant'>) {
  return (
    <Hint label={TOOLTIP}>
      <Button
        variant={variant}
        onClick={onClick}
        aria-label="Nueva Cita"
        aria-keyshortcuts={ariaKeyShortcuts('new-appointment')}
      >
        <PlusIcon aria-hidden />
        Nueva Cita
        <ShortcutHint id="new-appointment" className="max-md:hidden" />
      </Button>
    </Hint>
  );
}
