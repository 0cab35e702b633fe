import type { Sale } from '../../../../../contract/offers.ts';
import { MAX_OFFER_TITLE_LENGTH, MAX_PERCENT_OFF } from '../../../../../contract/offers-constants.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { controlProps, Field } from '../../components/Field.tsx';
import { saleBodyOf, saleDraftOf } from './drafts.ts';
import { OfferForm } from './OfferForm.tsx';
import type { ScopeChoices } from './ScopePicker.tsx';

interface Props {
  /** the sale edited; none to schedule one */
  sale: Sale | undefined;
  choices: ScopeChoices;
  onSaved: (sale: Sale) => void;
  /** "Cancel" of an edit */
  onDone: () => void;
}

/** Schedules a sale (a percentage off what it covers, for its window), or changes one not yet over. */
export function SaleForm({ sale, choices, onSaved, onDone }: Props) {
  return (
    <OfferForm
      title={sale ? `Edit ${sale.title}` : 'Schedule a sale'}
      saveLabel={sale ? 'Save' : 'Schedule sale'}
      initial={saleDraftOf(sale)}
      fields={['title', 'percentOff']}
      bodyOf={saleBodyOf}
      send={(body) =>
        sale ? api.put<Sale>(apiPaths.sale(sale.id), body) : api.post<Sale>(apiPaths.sales(), body)
      }
      choices={choices}
      onCancel={sale && onDone}
      onSaved={onSaved}
    >
      {({ draft, set, errors, idOf }) => (
        <>
          <Field id={idOf('title')} label="Title shoppers see, as in Diwali Sale" error={errors.title}>
            <input
              {...controlProps(idOf('title'), errors.title)}
              type="text"
              autoComplete="off"
              maxLength={MAX_OFFER_TITLE_LENGTH}
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
            />
          </Field>
          <Field
            id={idOf('percentOff')}
            label={`Percent off (1 to ${MAX_PERCENT_OFF})`}
            error={errors.percentOff}
          >
            <input
              {...controlProps(idOf('percentOff'), errors.percentOff)}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={draft.percentOff}
              onChange={(event) => set({ percentOff: event.target.value })}
            />
          </Field>
        </>
      )}
    </OfferForm>
  );
}
