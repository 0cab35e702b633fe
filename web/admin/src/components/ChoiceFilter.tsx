import { type FormEvent, useId } from 'react';

interface Props {
  label: string;
  /** value -> what it is called */
  choices: Record<string, string>;
  value: string;
  onChoose: (value: string) => void;
  /** the button's words, when a screen has more than one filter */
  action?: string;
}

/** One choice that filters a list, applied by its button (not on change, so the keyboard can browse). */
export function ChoiceFilter({ label, choices, value, onChoose, action = 'Show' }: Props) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChoose(String(new FormData(event.currentTarget).get('choice') ?? ''));
  };
  return (
    <form className="admin-filters" onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor={id}>{label}</label>
        <select id={id} name="choice" defaultValue={value} key={value}>
          {Object.entries(choices).map(([choice, name]) => (
            <option key={choice} value={choice}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        {action}
      </button>
    </form>
  );
}
