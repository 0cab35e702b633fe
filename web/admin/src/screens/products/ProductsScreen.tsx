import { useCallback, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type {
  AdminProductRow,
  AdminProductsResponse,
  ImportResponse,
} from '../../../../../contract/products.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths, query } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { AdminTable } from '../../components/AdminTable.tsx';
import { CsvImport } from '../../components/CsvImport.tsx';
import { FilterForm, SearchField } from '../../components/FilterForm.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ProductStatus } from '../../components/ProductStatus.tsx';
import { StockInput } from '../../components/StockInput.tsx';
import { formatRupees, plural } from '../../lib/format.ts';
import { PageLinks } from './PageLinks.tsx';
import './ProductsScreen.css';

const STATUSES = { all: 'Any', live: 'Live', withdrawn: 'Withdrawn' } as const;

/** The catalogue, newest first: searched, paged, its stock set in place; adding, export and import. */
export function ProductsScreen() {
  usePageTitle('Products');
  const id = useId();
  const [search] = useSearchParams();
  const asked = {
    q: search.get('q') ?? '',
    status: search.get('status') ?? '',
    page: search.get('page') ?? '',
  };
  const url = `${apiPaths.products()}${query(asked)}`;
  const request = useCallback(
    (signal?: AbortSignal) => api.get<AdminProductsResponse>(url, { signal }),
    [url],
  );
  const { state, retry, reload } = useLoad(request, 'Loading the products failed');

  return (
    <>
      <h1 className="admin-title">Products</h1>
      <div className="admin-actions admin-products-tools">
        <Link className="button button-primary" to={paths.newProduct()}>
          Add product
        </Link>
        <a className="button" href={apiPaths.catalogueExport()} download="catalogue.csv">
          Export CSV
        </a>
      </div>
      <CsvImport<ImportResponse>
        path={apiPaths.catalogueImport}
        summary={(report) =>
          `${plural(report.rows, 'row', 'rows')} for ${plural(report.products, 'product', 'products')}`
        }
        applied={(report) => `Imported: ${plural(report.products, 'product', 'products')}`}
        help="The columns of “Export CSV”, one row per size; the photos column names uploaded photos or files in the zip."
        zipLabel="Photos in a zip (optional)"
        logged="Importing the catalogue failed"
        onApplied={reload}
      />
      <FilterForm label="Products" names={['q', 'status']} submit="Show products">
        <SearchField id={`${id}-q`} placeholder="Name, SKU, segment or genre" value={asked.q} />
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} name="status" defaultValue={asked.status || 'all'}>
            {Object.entries(STATUSES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      <Loading state={state} onRetry={retry}>
        {({ products, total, page, pageSize }) => (
          <>
            {products.length === 0 ? (
              <p className="admin-empty">No product matches.</p>
            ) : (
              <ProductTable products={products} total={total} />
            )}
            <PageLinks asked={asked} page={page} pages={Math.ceil(total / pageSize)} />
          </>
        )}
      </Loading>
    </>
  );
}

function ProductTable({ products, total }: { products: AdminProductRow[]; total: number }) {
  return (
    <AdminTable
      caption={`${total} ${total === 1 ? 'product' : 'products'}, newest first`}
      columns={['Photo', 'Name', 'Price', 'Stock', 'Status']}
      className="admin-products"
    >
      {products.map((product) => (
        <tr key={product.id}>
          <td data-label="Photo">
            {product.photo ? (
              <img className="admin-thumb" src={product.photo} alt="" width={64} height={85} />
            ) : (
              '–'
            )}
          </td>
          <td data-label="Name">
            <Link to={paths.product(product.id)}>{product.name}</Link>
            <br />
            <span className="admin-details">
              {product.sku} · {product.userSegment} / {product.genre}
            </span>
          </td>
          <td data-label="Price">
            {formatRupees(product.price)}
            {product.mrp > product.price && (
              <>
                <br />
                <span className="admin-details">MRP {formatRupees(product.mrp)}</span>
              </>
            )}
          </td>
          <td data-label="Stock">
            <StockCell product={product} />
          </td>
          <td data-label="Status">
            <ProductStatus active={product.active} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** A product's stock per size, and their total, which follows each size's change at once. */
function StockCell({ product }: { product: AdminProductRow }) {
  const [stocks, setStocks] = useState(() => new Map(product.sizes.map((size) => [size.size, size.stock])));
  const total = [...stocks.values()].reduce((sum, stock) => sum + stock, 0);
  return (
    <>
      {product.sizes.map((size) => (
        <div key={size.size} className="admin-size-stock">
          {size.size && <span className="admin-size-name">{size.size}</span>}
          <StockInput
            productId={product.id}
            productName={product.name}
            size={size.size}
            stock={size.stock}
            onSet={(stock) => setStocks((before) => new Map(before).set(size.size, stock))}
          />
        </div>
      ))}
      {product.sizes.length > 1 && <span className="admin-details">{total} in all</span>}
    </>
  );
}
