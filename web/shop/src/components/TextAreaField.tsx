import { type ComponentProps, useId } from 'react';
import './TextAreaField.css';

interface Props extends Omit<ComponentProps<'textarea'>, 'id' | 'className' | 'value' | 'onChange'> {
  label: string;
  /** how the label looks: the screen's own class, or "visually-hidden" where a placeholder says it */
  labelClassName: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled, vertically resizable text box: a return's reason, a review's text. */
export function TextAreaField({ label, labelClassName, value, onChange, ...textarea }: Props) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="text-area"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
