import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ComponentError } from '../../components/errors/component-error';
import { errorMessage } from '../../components/errors/error-screen';
import { PERMISSION_MESSAGES } from '../../../domain/permissions';

/** A titled card grouping related fields on a settings tab. */
export function SettingsSection({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="sm:flex sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h3">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? (
          <div className="mt-3 flex flex-wrap gap-2 sm:mt-0 sm:shrink-0">{actions}</div>
        ) : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The loading state of a settings tab: a few field-shaped blocks and an announcement. */
export function SettingsSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {[0, 1].map((card) => (
        <div
          key={card}
          className="grid gap-4 rounded-xl border border-border bg-surface p-5 sm:p-6"
        >
          <Skeleton className="h-6 w-48" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The error state of a settings tab, with the reason and a retry. */
export function SettingsLoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <ComponentError
      description={`We couldn't load ${what}. ${errorMessage(error)}`}
      onRetry={onRetry}
    />
  );
}

/** SPEC §6 / DESIGN §5: settings are changed by owners and administrators only. */
export const SETTINGS_READ_ONLY_NOTE = PERMISSION_MESSAGES.settingsViewOnly;

/** A section's save button for owners and administrators; for anyone else, who may change it. */
export function SectionSaveButton({
  canEdit,
  pending,
  disabled,
  children,
}: {
  canEdit: boolean;
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return canEdit ? (
    <div>
      <Button type="submit" disabled={disabled} loading={pending} loadingText="Saving...">
        {children}
      </Button>
    </div>
  ) : (
    <p className="text-sm text-muted-foreground">Only owners and administrators change this.</p>
  );
}

/** A settings form's Discard and Save buttons (shown to those who may change settings). */
export function SettingsFormActions({
  saveLabel,
  isDirty,
  isSaving,
  onDiscard,
}: {
  saveLabel: string;
  isDirty: boolean;
  isSaving: boolean;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" disabled={!isDirty || isSaving} onClick={onDiscard}>
        Discard changes
      </Button>
      <Button type="submit" loading={isSaving} loadingText="Saving...">
        <Save aria-hidden="true" />
        {saveLabel}
      </Button>
    </div>
  );
}
