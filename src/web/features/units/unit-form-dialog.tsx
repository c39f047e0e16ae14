import type { ReactNode } from 'react';
import { SimpleDialog } from '../../components/ui/dialog';
import { UnitForm } from './unit-form';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';

export interface UnitFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The unit to edit; omitted for "Create New Cabin". */
  unit?: Unit;
  /** Element that opens the dialog. */
  trigger?: ReactNode;
  onSaved?: (unit: Unit) => void;
}

/**
 * SPEC §2's "Create New Cabin" dialog, and its edit twin. Used by /units and by the Settings
 * page's Units tab, so a cabin is added the same way everywhere.
 */
export function UnitFormDialog({
  open,
  onOpenChange,
  unit,
  trigger,
  onSaved,
}: UnitFormDialogProps) {
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      size="lg"
      title={unit ? `Edit ${unit.unit_name}` : 'Create New Cabin'}
      description={
        unit
          ? 'Change the cabin’s details, rates and status.'
          : 'Add a cabin with its rates and occupancy. Available cabins are offered to guests at once.'
      }
    >
      {open ? (
        <UnitForm
          unit={unit}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved?.(saved);
          }}
        />
      ) : null}
    </SimpleDialog>
  );
}
