import { useId } from 'react';

interface Props<T extends string> {
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A small group of radio buttons shown as a segmented switch (keyboard: arrow keys move the choice). */
export function SegmentedChoice<T extends string>({ legend, value, options, onChange }: Props<T>) {
  const name = useId();
  return (
    <fieldset className="admin-segmented">
      <legend>{legend}</legend>
      <div className="admin-segmented-options">
        {options.map((option) => (
          <label key={option.value} className={option.value === value ? 'is-selected' : undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
