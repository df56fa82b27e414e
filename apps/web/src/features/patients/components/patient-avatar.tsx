import { cn, initials } from '@/lib/utils';

export function PatientAvatar({
  name,
  inactive,
  className,
}: {
  name: string;
  inactive?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        inactive ? 'bg-muted text-muted-foreground' : 'bg-primary/10 text-primary',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
