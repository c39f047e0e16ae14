import type { UseFormRegisterReturn } from 'react-hook-form';

/** The parts of register()'s result a control needs (its min/max, if any, are set by the page). */
export function controlProps({ name, ref, onChange, onBlur }: UseFormRegisterReturn) {
  return { name, ref, onChange, onBlur };
}
