import { useState } from 'react';
import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface GeneratedPassword {
  /** Whose password it is. */
  name: string;
  password: string;
  /** 'created' after Agregar Usuario, 'reset' after Restablecer contraseña. */
  reason: 'created' | 'reset';
}

/**
 * The one time a generated password is visible: a copy button, and a warning that closing loses it. The server
 * keeps only its hash, so there is no second chance short of another reset.
 */
export function GeneratedPasswordDialog({
  value,
  onClose,
}: {
  value: GeneratedPassword | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value.password);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a denied permission): select the text so Ctrl+C works.
      const input = document.getElementById('generated-password') as HTMLInputElement | null;
      input?.select();
    }
  }

  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>
            {value?.reason === 'reset' ? 'Contraseña restablecida' : 'Contraseña generada'}
          </DialogTitle>
          <DialogDescription>
            Entregue esta contraseña a <strong className="text-foreground">{value?.name}</strong> por un medio
            seguro. Deberá cambiarla la primera vez que inicie sesión.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="generated-password">Contraseña</Label>
          <div className="flex gap-2">
            <Input
              id="generated-password"
              readOnly
              value={value?.password ?? ''}
              className="font-mono tracking-wider"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
              {copied ? 'Copiada' : 'Copiar'}
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {copied ? 'Contraseña copiada al portapapeles' : ''}
          </p>
        </div>
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>No se volverá a mostrar</AlertTitle>
          {/* Full strength: the alert's usual 90 % falls short of AA contrast on its pale red. */}
          <AlertDescription className="opacity-100">
            Cópiela antes de cerrar. Si se pierde, restablezca la contraseña otra vez.
          </AlertDescription>
        </Alert>
        <DialogFooter>
          <Button
            type="button"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Listo, ya la copié
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
