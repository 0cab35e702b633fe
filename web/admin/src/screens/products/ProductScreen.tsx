import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { CategoryTree } from '../../../../../contract/categories.ts';
import type { AdminProduct, CatalogueChoices } from '../../../../../contract/products.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths, paths } from '../../api/paths.ts';
import { useLoad } from '../../api/useLoad.ts';
import { Loading } from '../../components/Loading.tsx';
import { ProductStatus } from '../../components/ProductStatus.tsx';
import { ProductActions } from './ProductActions.tsx';
import { ProductForm } from './ProductForm.tsx';
import './ProductScreen.css';

interface Loaded {
  product?: AdminProduct;
  choices: CatalogueChoices;
  tree: CategoryTree;
}

/** What a page reached by saving says: the save (or the colour added) that led here. */
interface Arrival {
  saved?: string;
}

/** "Add product" (/admin/products/new) and a product's page: its form, and what can be done to it. */
export function ProductScreen() {
  const { productId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // a note set here belongs to the page it was set on; arriving by a save brings its own
  const [note, setNote] = useState({ at: '', text: '' });
  const saved = note.at === location.key ? note.text : (((location.state ?? {}) as Arrival).saved ?? '');
  const setSaved = (text: string) => setNote({ at: location.key, text });
  const request = useCallback(
    async (signal?: AbortSignal): Promise<Loaded> => {
      const [product, choices, tree] = await Promise.all([
        productId ? api.get<AdminProduct>(apiPaths.product(Number(productId)), { signal }) : undefined,
        api.get<CatalogueChoices>(apiPaths.choices(), { signal }),
        api.get<CategoryTree>(apiPaths.categories(), { signal }),
      ]);
      return product ? { product, choices, tree } : { choices, tree };
    },
    [productId],
  );
  const { state, retry, update } = useLoad(request, `Loading product ${productId ?? 'choices'} failed`);
  const title = state.status === 'ready' && state.data.product ? state.data.product.name : 'Add product';
  usePageTitle(title);

  const onSaved = (product: AdminProduct) => {
    if (!productId) {
      navigate(paths.product(product.id), { state: { saved: 'Saved' } satisfies Arrival });
      return;
    }
    update((data) => ({ ...data, product }));
    setSaved('Saved');
  };

  return (
    <>
      <p>
        <Link to={paths.products()}>All products</Link>
      </p>
      <Loading state={state} onRetry={retry}>
        {({ product, choices, tree }) => (
          <>
            <div className="admin-product-head">
              <h1 className="admin-title">{product ? product.name : 'Add product'}</h1>
              {product && (
                <ProductStatus active={product.active} pausedWithSeller={product.pausedWithSeller} />
              )}
              <p className="admin-saved" role="status">
                {saved}
              </p>
            </div>
            {product && (
              <ProductActions
                product={product}
                onChanged={(changed) => {
                  setSaved('');
                  update((data) => ({ ...data, product: changed }));
                }}
              />
            )}
            <ProductForm
              key={product?.id ?? 'new'}
              product={product}
              choices={choices}
              tree={tree}
              onSaved={onSaved}
              onEdited={() => setSaved('')}
            />
          </>
        )}
      </Loading>
    </>
  );
}
