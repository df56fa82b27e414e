import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface TabSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  /** Buttons at the top right (e.g. 'Nueva especialidad'). */
  actions?: ReactNode;
  /** Search and filters above the list. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** One resource list: a titled card with its actions, filters, the list and its pagination. */
export function TabSection({ id, title, description, actions, toolbar, children }: TabSectionProps) {
  return (
    <Card aria-labelledby={`${id}-title`} className="gap-4">
      <CardHeader className="px-4 sm:px-5">
        <div className="min-w-0 space-y-1">
          <CardTitle id={`${id}-title`} className="text-lg">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-5">
        {toolbar && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">{toolbar}</div>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
