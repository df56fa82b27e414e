import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Spec: only one toast at a time. */}
      <Toaster
        visibleToasts={1}
        position="bottom-right"
        richColors
        closeButton
        duration={4000}
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      />
    </QueryClientProvider>
  );
}
