import { useRef } from 'react';
import { ImageIcon, UploadIcon, XIcon } from 'lucide-react';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  UPLOAD_TYPES,
} from '@ips/shared/schemas/uploads';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describedBy, errorIdOf } from '@/components/ui/field';
import { toast } from 'sonner';
import { serverMessage } from '@/lib/notify';
import { useUploadLogo } from '@/features/settings/api/settings-api';

interface LogoFieldProps {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  disabled?: boolean;
  /** A role that only reads the settings: no upload or removal. */
  readOnly?: boolean;
}

/**
 * The logo: a preview, 'Subir logo' (PNG, JPEG or WebP up to 2 MB; the server checks the content) and the
 * address, which may also be typed (an http/https URL or /uploads/…). Saved with the card.
 */
const failed = (description: string | null) =>
  void toast.error('No se pudo subir el logo', description ? { description } : undefined);

export function LogoField({ value, onChange, error, disabled, readOnly }: LogoFieldProps) {
  const file = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();

  function pick(f: File | undefined) {
    if (!f) return;
    // The same limits as the server, to spare a doomed upload; the server decides by the content.
    if (f.size > UPLOAD_MAX_BYTES) return failed(UPLOAD_TOO_LARGE_MESSAGE);
    if (f.type && !(UPLOAD_TYPES as readonly string[]).includes(f.type)) return failed(UPLOAD_TYPE_MESSAGE);
    upload.mutate(f, {
      onSuccess: (u) => onChange(u.url),
      onError: (err) => failed(serverMessage(err)),
    });
  }

  return (
    <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-start">
      <div
        className="flex size-20 items-center justify-center overflow-hidden rounded-lg border bg-white"
        aria-label={value ? 'Vista previa del logo' : 'Sin logo'}
        role="img"
      >
        {value ? (
          <img src={value} alt="" className="size-full object-contain" data-testid="logo-preview" />
        ) : (
          <ImageIcon className="size-7 text-muted-foreground" aria-hidden />
        )}
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="org_logo_url">Logo</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="org_logo_url"
            value={value}
            // Only an uploaded image (issue 33): the address is shown, not typed.
            readOnly
            placeholder="Sin logo: use «Subir logo»"
            disabled={disabled || upload.isPending}
            className="min-w-0 flex-1"
            {...describedBy('org_logo_url', error, true)}
          />
          {!readOnly && (
            <>
              <Button
                type="button"
                variant="outline"
                onClick={() => file.current?.click()}
                disabled={disabled || upload.isPending}
              >
                <UploadIcon aria-hidden />
                {upload.isPending ? 'Subiendo…' : 'Subir logo'}
              </Button>
              {value && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => onChange('')}
                  disabled={disabled}
                  aria-label="Quitar logo"
                >
                  <XIcon aria-hidden />
                </Button>
              )}
            </>
          )}
          <input
            ref={file}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label="Archivo del logo"
            data-testid="logo-file"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
        {error ? (
          <p id={errorIdOf('org_logo_url')} className="text-xs font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p id="org_logo_url-hint" className="text-xs text-muted-foreground">
            PNG, JPEG o WebP de hasta 2 MB. Aparece en la barra lateral y en los PDF.
          </p>
        )}
      </div>
    </div>
  );
}
