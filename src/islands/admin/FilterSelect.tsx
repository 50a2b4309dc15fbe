import { useId } from 'react';

interface Props {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
}

/** A labelled select of a console filter form, read through the form's FormData on submit. */
export function FilterSelect({ name, label, options, defaultValue = '' }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="select" defaultValue={defaultValue}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
