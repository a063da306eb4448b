import { useId } from 'react';
import type { Option } from '../lib/languages';

interface ChipPickerProps {
  label: string;
  options: readonly Option[];
  values: readonly string[];
  onChange(values: string[]): void;
  /** Shown in the select when nothing is chosen yet. */
  placeholder: string;
  describedBy?: string;
}

/** Several values from a long list: a select to add one, a removable chip per chosen value. */
export function ChipPicker({ label, options, values, onChange, placeholder, describedBy }: ChipPickerProps) {
  const id = useId();
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value=""
        aria-describedby={describedBy}
        onChange={(event) => {
          const value = event.target.value;
          if (value && !values.includes(value)) onChange([...values, value]);
        }}
      >
        <option value="">{values.length ? 'Add another…' : placeholder}</option>
        {options
          .filter((option) => !values.includes(option.value))
          .map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
      </select>
      {values.length > 0 && (
        <ul className="chip-list" aria-label={`${label}: chosen`}>
          {values.map((value) => (
            <li key={value} className="chip chip-removable">
              {labelOf(value)}
              <button
                type="button"
                aria-label={`Remove ${labelOf(value)}`}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
