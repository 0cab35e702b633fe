import { type FormEvent, useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { LowStockResponse } from '../../../../../contract/products.ts';
import type { ShopSettings } from '../../../../../contract/shop.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths } from '../../api/paths.ts';
import { failureMessage, useLoad } from '../../api/useLoad.ts';
import { useStaff } from '../../app/session.tsx';
import { AdminTable } from '../../components/AdminTable.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ProductStatus } from '../../components/ProductStatus.tsx';
import { StockInput } from '../../components/StockInput.tsx';

/** Sizes at or below the owner's threshold, fewest first, their stock set in place; the owner sets it. */
export function LowStockScreen() {
  usePageTitle('Low stock');
  const staff = useStaff();
  const request = useCallback(
    (signal?: AbortSignal) => api.get<LowStockResponse>(apiPaths.lowStock(), { signal }),
    [],
  );
  const { state, retry, reload } = useLoad(request, 'Loading low stock failed');
  return (
    <>
      <h1 className="admin-title">Low stock</h1>
      <Loading state={state} onRetry={retry}>
        {({ threshold, sizes }) => (
          <>
            {staff.role === 'owner' ? (
              <ThresholdForm threshold={threshold} onSet={reload} />
            ) : (
              <p>Sizes with {threshold} or fewer in stock.</p>
            )}
            {sizes.length === 0 ? (
              <p className="admin-empty">No size is at or below {threshold}.</p>
            ) : (
              <AdminTable
                caption={`Sizes with ${threshold} or fewer in stock, fewest first`}
                columns={['Product', 'Size', 'Stock', 'Status']}
              >
                {sizes.map((size) => (
                  <tr key={`${size.productId}-${size.size}`}>
                    <td data-label="Product">
                      <Link to={paths.product(size.productId)}>{size.name}</Link>
                      <br />
                      <span className="admin-details">{size.sku}</span>
                    </td>
                    <td data-label="Size">{size.size || 'One size'}</td>
                    <td data-label="Stock">
                      <StockInput
                        productId={size.productId}
                        productName={size.name}
                        size={size.size}
                        stock={size.stock}
                      />
                    </td>
                    <td data-label="Status">
                      <ProductStatus active={size.active} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </>
        )}
      </Loading>
    </>
  );
}

/** The owner's threshold: a size at or below it is low. */
function ThresholdForm({ threshold, onSet }: { threshold: number; onSet: () => void }) {
  const id = useId();
  const [value, setValue] = useState(String(threshold));
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lowStockThreshold = Number(value);
    if (value.trim() === '' || !Number.isInteger(lowStockThreshold) || lowStockThreshold < 0) {
      return setMessage('Enter a whole number, 0 or more');
    }
    try {
      const settings = await api.put<ShopSettings>(apiPaths.settings(), { lowStockThreshold });
      setMessage('');
      showAlert(`Low-stock threshold set: ${settings.lowStockThreshold}`);
      onSet();
    } catch (error) {
      setMessage(failureMessage(error, 'Setting the low-stock threshold failed'));
    }
  };

  return (
    <form className="admin-filters" onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor={id}>Low-stock threshold</label>
        <input
          id={id}
          type="number"
          min={0}
          inputMode="numeric"
          value={value}
          aria-describedby={`${id}-error`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary">
        Save threshold
      </button>
      <p id={`${id}-error`} className="admin-form-message" role="alert">
        {message}
      </p>
    </form>
  );
}
