import { useId } from "react";

/**
 * The results' layouts as native radios drawn as one row of buttons (layout.css, `.segmented`):
 * what Mantine's SegmentedControl shows, without its code in the home's first download (issue
 * 18). Arrow keys move between the options, as in any radio group.
 */
export function LayoutSwitch<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="segmented">
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
