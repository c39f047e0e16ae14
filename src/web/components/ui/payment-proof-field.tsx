import { FileText, ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import { cn } from '../../lib/cn';
import { PROOF_ACCEPT, formatFileSize } from '../../lib/proof-file';
import type { ProofState } from '../../lib/use-proof-file';

export interface PaymentProofFieldProps {
  state: ProofState;
  /** A message from validation (e.g. "Payment proof is required"). */
  error?: string;
  onSelect: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** An object URL showing `file` when it is an image (revoked when it changes). */
export function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * SPEC §5 payment proof: drag and drop or choose a file; a thumbnail for an image, name and size
 * for a PDF, and a remove button. The native file input stays the keyboard and screen-reader
 * control; the drop area around it is a convenience for mouse users.
 */
export function PaymentProofField({
  state,
  error,
  onSelect,
  onRemove,
  disabled,
}: PaymentProofFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const readyFile = state.status === 'ready' ? state.file : null;
  const preview = usePreviewUrl(readyFile);
  const message = state.status === 'error' ? state.message : error;

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onSelect(file);
    // Let the same file be chosen again after a remove.
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files);
  };

  const describedBy = [hintId, message ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm leading-none font-medium">
        Payment proof
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      </label>
      <p id={hintId} className="text-sm text-muted-foreground">
        A screenshot or photo of your payment receipt: JPG, PNG, WebP or PDF, up to 2 MB. iPhone
        photos (HEIC) are converted and large photos are made smaller on your device.
      </p>

      {state.status === 'ready' ? (
        <div className="flex items-center gap-3 rounded-xl border border-border bg-muted/40 p-3">
          {preview ? (
            <img
              src={preview}
              alt="Preview of your payment proof"
              className="size-16 shrink-0 rounded-md border border-border bg-surface object-cover"
            />
          ) : (
            <span className="flex size-16 shrink-0 items-center justify-center rounded-md border border-border bg-surface text-primary">
              <FileText aria-hidden="true" className="size-8" />
            </span>
          )}
          <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
            <span className="truncate font-medium" data-testid="proof-name">
              {state.file.name}
            </span>
            <span className="text-muted-foreground" data-testid="proof-size">
              {formatFileSize(state.file.size)}
              {state.file.size < state.original.size
                ? ` (made smaller from ${formatFileSize(state.original.size)})`
                : ''}
            </span>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${state.file.name}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid min-w-0 justify-items-center gap-3 rounded-xl border-2 border-dashed p-5 text-center transition-colors',
            dragging ? 'border-primary bg-accent' : 'border-input-border bg-surface',
            message && 'border-destructive',
          )}
        >
          {state.status === 'preparing' ? (
            <Spinner size="lg" className="text-primary" />
          ) : (
            <ImageUp aria-hidden="true" className="size-10 text-primary" />
          )}
          <p role="status" className="text-sm wrap-anywhere text-muted-foreground">
            {state.status === 'preparing'
              ? `Preparing ${state.original.name}…`
              : 'Drag and drop your receipt here, or'}
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PROOF_ACCEPT}
            disabled={disabled || state.status === 'preparing'}
            aria-describedby={describedBy}
            aria-invalid={message ? true : undefined}
            aria-required="true"
            onChange={(event) => choose(event.target.files)}
            // A file input is at least as wide as its button and "No file chosen" together
            // (about 300 px), which made the cards wider than a phone; min-w-0 lets it shrink
            // with the card (issue 15).
            className="w-full min-w-0 text-sm file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-4 file:font-semibold file:text-primary-foreground hover:file:bg-primary-hover"
          />
        </div>
      )}

      {message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
