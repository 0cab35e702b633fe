import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { periodProblem } from '../../../../contract/books.ts';
import { indiaMonth, monthBounds } from '../../../../contract/india-time.ts';
import { FilterForm } from './FilterForm.tsx';

/** Which month a books screen's default is: the one being filed (the last) or the one under way. */
export type DefaultMonth = 'last' | 'current';

const monthOf = (which: DefaultMonth, now: Date): string => {
  const current = indiaMonth(now);
  return which === 'current' ? current : indiaMonth(new Date(monthBounds(current).from.getTime() - 1));
};

/**
 * The month (`YYYY-MM`, India) a books screen shows, kept in the address as `period`, and why it cannot be
 * shown (the contract's own check, so no request is sent for a month the server would refuse).
 */
export function usePeriod(which: DefaultMonth): { period: string; problem: string | null } {
  const [search] = useSearchParams();
  const now = new Date();
  const period = search.get('period') ?? monthOf(which, now);
  return { period, problem: periodProblem(period, now) };
}

interface Props {
  /** what the month chooses, e.g. "GST returns" */
  label: string;
  period: string;
  problem: string | null;
  /** the button's words, e.g. "Show returns" */
  submit: string;
}

/** The month of a books screen: a month field (typed as YYYY-MM where the browser has no picker) and its button. */
export function MonthFilter({ label, period, problem, submit }: Props) {
  const id = useId();
  return (
    <FilterForm label={label} names={['period']} submit={submit}>
      <div className="admin-field">
        <label htmlFor={`${id}-period`}>Month</label>
        <input
          id={`${id}-period`}
          name="period"
          type="month"
          // a new field for a month reached another way (back, a link), so it shows that month
          key={period}
          defaultValue={period}
          max={indiaMonth(new Date())}
          required
          aria-describedby={`${id}-period-error`}
          aria-invalid={problem ? true : undefined}
        />
        <p id={`${id}-period-error`} className="admin-field-error">
          {problem}
        </p>
      </div>
    </FilterForm>
  );
}
