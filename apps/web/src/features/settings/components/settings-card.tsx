import type { FormEvent, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

interface SettingsCardProps {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
  /** Without save and discard: a role that reads the settings only, or a card that saves as it goes. */
  readOnly?: boolean;
  dirty?: boolean;
  saving?: boolean;
  onSubmit?: () => void;
  onReset?: () => void;
}

/** One card of Configuración: its fields and, for the administrator, 'Descartar' and 'Guardar cambios'. */
export function SettingsCard({
  id,
  title,
  description,
  icon: Icon,
  children,
  readOnly,
  dirty,
  saving,
  onSubmit,
  onReset,
}: SettingsCardProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id={`${id}-title`} className="flex items-center gap-2">
            <Icon className="size-4 text-primary" aria-hidden />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <CardContent className="space-y-5">{children}</CardContent>
        {!readOnly && onSubmit && (
          <CardFooter className="justify-end gap-2">
            <Button type="button" variant="ghost" disabled={!dirty || saving} onClick={onReset}>
              Descartar
            </Button>
            <Button type="submit" disabled={!dirty || saving}>
              {saving ? 'Guardando…' : 'Guardar cambios'}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}
