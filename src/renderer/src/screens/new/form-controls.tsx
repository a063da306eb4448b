import { useId, type ReactNode } from 'react';
import { FieldErrors } from '../../components/FieldErrors';
import type { TranscriptionForm } from '../../lib/transcription-request';
import { fieldOf } from '../../lib/validation-errors';
import { useNewJob } from '../../stores/new-job-store';

type Keys<V> = {
  [K in keyof TranscriptionForm]: TranscriptionForm[K] extends V ? K : never;
}[keyof TranscriptionForm];

/** The id of a section's error list, for the aria-describedby of its controls. */
export const errorsId = (section: string) => `errors-${section}`;

export function useFormField<K extends keyof TranscriptionForm>(key: K) {
  const value = useNewJob((s) => s.form[key]);
  const setForm = useNewJob((s) => s.setForm);
  return [
    value,
    (next: TranscriptionForm[K]) => setForm({ [key]: next } as Partial<TranscriptionForm>),
  ] as const;
}

interface AddonSectionProps {
  /** The form flag that turns the add-on on. */
  flag: Keys<boolean>;
  section: string;
  title: string;
  description: string;
  errors: readonly string[] | undefined;
  children?: ReactNode;
}

/** One add-on: a switch, and its options once it is on. Errors stay visible even when the add-on is off. */
export function AddonSection({ flag, section, title, description, errors, children }: AddonSectionProps) {
  const [on, setOn] = useFormField(flag);
  const id = useId();
  return (
    <fieldset className={`addon${on ? ' addon-on' : ''}${errors?.length ? ' addon-invalid' : ''}`}>
      <legend className="visually-hidden">{title}</legend>
      <div className="addon-head">
        <input
          id={id}
          type="checkbox"
          className="switch"
          checked={on as boolean}
          onChange={(event) => setOn(event.target.checked)}
          aria-describedby={`${id}-desc${errors?.length ? ` ${errorsId(section)}` : ''}`}
        />
        <label htmlFor={id} className="addon-title">
          {title}
        </label>
        <p id={`${id}-desc`} className="muted small addon-desc">
          {description}
        </p>
      </div>
      {on && children && <div className="addon-body">{children}</div>}
      <FieldErrors id={errorsId(section)} errors={errors} />
    </fieldset>
  );
}

interface TextInputProps {
  field: Keys<string>;
  label: string;
  section: string;
  /** The body field this control fills, e.g. `subtitles_config.maximum_duration`: marked invalid when the API says so. */
  apiField: string;
  hint?: string;
  type?: 'text' | 'number';
  step?: string;
  placeholder?: string;
  multiline?: boolean;
}

/** Whether the API's last validation errors name `apiField` (or a field inside it). */
function useApiInvalid(apiField: string): boolean {
  return useNewJob((s) =>
    s.validationErrors.some((sentence) => {
      const field = fieldOf(sentence);
      return field !== undefined && (field === apiField || field.startsWith(`${apiField}.`));
    }),
  );
}

export function TextInput({
  field,
  label,
  section,
  hint,
  type = 'text',
  step,
  placeholder,
  multiline,
  apiField,
}: TextInputProps) {
  const [value, setValue] = useFormField(field);
  const invalid = useApiInvalid(apiField);
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', invalid ? errorsId(section) : ''].filter(Boolean).join(' ');
  const common = {
    id,
    value: value as string,
    placeholder,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`field${multiline ? ' field-wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => setValue(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          step={step}
          inputMode={type === 'number' ? 'decimal' : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
    </div>
  );
}

interface SelectInputProps<K extends Keys<string>> {
  field: K;
  label: string;
  options: readonly { value: string; label: string }[];
}

export function SelectInput<K extends Keys<string>>({ field, label, options }: SelectInputProps<K>) {
  const [value, setValue] = useFormField(field);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value as string}
        onChange={(event) => setValue(event.target.value as TranscriptionForm[K])}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckInput({ field, label }: { field: Keys<boolean>; label: string }) {
  const [value, setValue] = useFormField(field);
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={value as boolean}
        onChange={(event) => setValue(event.target.checked)}
      />
      {label}
    </label>
  );
}
