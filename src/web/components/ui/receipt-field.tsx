import { FileText, Paperclip, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from './button';
import { Input } from './input';
import { Spinner } from './spinner';
import { usePreviewUrl } from './payment-proof-field';
import type { ProofState } from '../../lib/use-proof-file';
import { useProofFile } from '../../lib/use-proof-file';
import { PROOF_ACCEPT, formatFileSize } from '../../lib/proof-file';

/** The chosen receipt, prepared as guest proofs are (HEIC converted, large photos made smaller). */
export function useReceipt() {
  const { state, select, clear, file } = useProofFile();
  return { state, select, clear, file };
}

export interface ReceiptFieldProps {
  state: ProofState;
  onSelect: (file: File) => void;
  onRemove: () => void;
  /** The proof already attached (edit), with its staff download link. */
  current?: { url: string; name: string | null } | null;
  /** Ask to remove the attached proof when saving. */
  onRemoveCurrent?: () => void;
  disabled?: boolean;
  /** The field's label and hint, for files other than an expense's receipt (a repair's photo). */
  label?: string;
  hint?: string;
  /** What the file is called in the messages ("receipt", "photo"). */
  noun?: string;
}

/**
 * An optional receipt for an expense: JPG, PNG, WebP or PDF up to 2 MB (DESIGN §3 proof rules).
 * Issue 22: a maintenance issue's photos are chosen with the same field and rules.
 */
export function ReceiptField({
  state,
  onSelect,
  onRemove,
  current,
  onRemoveCurrent,
  disabled,
  label = 'Receipt (proof)',
  hint = 'Optional. A photo or scan of the receipt: JPG, PNG, WebP or PDF, up to 2 MB.',
  noun = 'receipt',
}: ReceiptFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const ready = state.status === 'ready' ? state.file : null;
  const preview = usePreviewUrl(ready);
  const error = state.status === 'error' ? state.message : undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {current && state.status === 'empty' ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-muted/40 p-2 text-sm">
          <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
          <a
            href={current.url}
            target="_blank"
            rel="noreferrer"
            className="min-w-0 flex-1 truncate font-medium text-primary underline"
          >
            {current.name ?? `Current ${noun}`}
          </a>
          {onRemoveCurrent ? (
            <Button variant="ghost" size="sm" onClick={onRemoveCurrent} disabled={disabled}>
              <Trash2 aria-hidden="true" />
              Remove {noun}
            </Button>
          ) : null}
        </div>
      ) : null}
      {ready ? (
        <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/40 p-2">
          {preview ? (
            <img
              src={preview}
              alt={`Preview of the ${noun}`}
              className="size-12 rounded border border-border object-cover"
            />
          ) : (
            <FileText aria-hidden="true" className="size-8 text-primary" />
          )}
          <span className="min-w-0 flex-1 truncate text-sm">
            <span className="font-medium">{ready.name}</span>{' '}
            <span className="text-muted-foreground">({formatFileSize(ready.size)})</span>
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${ready.name}`}
            onClick={onRemove}
            disabled={disabled}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <Input
            ref={inputRef}
            id={id}
            type="file"
            accept={PROOF_ACCEPT}
            disabled={disabled || state.status === 'preparing'}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onSelect(file);
              if (inputRef.current) inputRef.current.value = '';
            }}
          />
          {state.status === 'preparing' ? <Spinner label="Preparing the file..." /> : null}
        </div>
      )}
      {error ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {state.status === 'error' && state.original ? `${state.original.name}: ` : null}
            {error} Choose another file, or remove this one to save without a {noun}.
          </p>
          <Button variant="outline" size="sm" onClick={onRemove} disabled={disabled}>
            <Trash2 aria-hidden="true" />
            Remove file
          </Button>
        </div>
      ) : null}
    </div>
  );
}
