import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { query } from '../api/paths.ts';

interface Props {
  /** what is searched, e.g. "Orders" */
  label: string;
  /** the fields' names, each kept in the address */
  names: readonly string[];
  /** the button's words, e.g. "Show orders" */
  submit: string;
  children: ReactNode;
}

/** A list's filters, applied by their button: a new search starts again from the first page. */
export function FilterForm({ label, names, submit, children }: Props) {
  const [, setSearch] = useSearchParams();
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSearch(query(Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '').trim()]))));
  };
  return (
    <search aria-label={label}>
      <form className="admin-filters" onSubmit={filter}>
        {children}
        <button type="submit" className="button button-primary">
          {submit}
        </button>
      </form>
    </search>
  );
}

/** The text a list is searched by, in the field `q`. */
export function SearchField({ id, placeholder, value }: { id: string; placeholder: string; value: string }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>Search</label>
      <input id={id} name="q" type="search" placeholder={placeholder} defaultValue={value} maxLength={100} />
    </div>
  );
}
