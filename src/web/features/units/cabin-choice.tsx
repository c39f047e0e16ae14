import {
  ChoiceGroup,
  choiceCheckboxClass as checkboxClass,
} from '../../components/ui/choice-group';
import { useAllUnits } from './get-units';

/**
 * Issue 21: the cabins a stay rule or a promo code is for, as checkboxes with "All cabins" first.
 * An empty choice is every cabin (the API's empty `unit_ids`).
 */
export function CabinChoice({
  legend,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  value: readonly string[];
  onChange: (unitIds: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const units = useAllUnits();
  const all = value.length === 0;
  return (
    <ChoiceGroup legend={legend} error={error}>
      <label className="inline-flex min-h-10 w-fit items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={all}
          disabled={disabled || all}
          onChange={(event) => {
            if (event.target.checked) onChange([]);
          }}
        />
        All cabins
      </label>
      {units.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading cabins...
        </p>
      ) : units.isError ? (
        <p className="text-sm text-destructive">The cabins could not be loaded.</p>
      ) : (
        <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
          {units.data.data.map((unit) => (
            <label key={unit.unit_id} className="inline-flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={value.includes(unit.unit_id)}
                disabled={disabled}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, unit.unit_id]
                      : value.filter((id) => id !== unit.unit_id),
                  )
                }
              />
              <span className="break-words">{unit.unit_name}</span>
            </label>
          ))}
        </div>
      )}
    </ChoiceGroup>
  );
}

/** "All cabins", or the chosen cabins' names (an id no longer listed reads "a removed cabin"). */
export function useCabinNames(): (unitIds: readonly string[]) => string {
  const units = useAllUnits();
  return (unitIds) => {
    if (unitIds.length === 0) return 'All cabins';
    const names = new Map((units.data?.data ?? []).map((u) => [u.unit_id, u.unit_name]));
    return unitIds.map((id) => names.get(id) ?? (units.data ? 'a removed cabin' : '…')).join(', ');
  };
}
