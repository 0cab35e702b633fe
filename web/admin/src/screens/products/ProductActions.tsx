import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths as shopPaths } from '../../../../../contract/paths.ts';
import { type AdminProduct, MAX_PHOTOS } from '../../../../../contract/products.ts';
import { showAlert } from '../../../../shared/components/Alert.tsx';
import { api } from '../../api/client.ts';
import { apiPaths, paths } from '../../api/paths.ts';
import { alertFailure } from '../../api/useLoad.ts';
import { fieldErrorsOf } from '../../api/useSave.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PhotosField } from './PhotosField.tsx';

interface Props {
  product: AdminProduct;
  /** the product as the server answered a withdraw or restore */
  onChanged: (product: AdminProduct) => void;
}

type Asking = 'colour' | 'withdraw' | 'restore' | undefined;

const NEW_COLOUR_PHOTOS = `Add the photos of the new colour (1 to ${MAX_PHOTOS})`;

const ACTIVE_CHANGES = {
  withdraw: {
    action: 'Withdraw',
    meaning:
      'It goes off sale at once: its page says it is unavailable and bags holding it cannot be ordered.',
  },
  restore: { action: 'Restore', meaning: 'It goes back on sale at once.' },
} as const;

/** What can be done to a saved product: see it in the shop, add a colour, withdraw or restore it. */
export function ProductActions({ product, onChanged }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>();
  // the new colour's own photos: the old colour's would show shoppers the wrong colour
  const [photos, setPhotos] = useState<string[]>([]);
  const close = () => {
    setAsking(undefined);
    setPhotos([]);
  };

  const setActive = async (active: boolean) => {
    try {
      const changed = await api.post<AdminProduct>(
        active ? apiPaths.restore(product.id) : apiPaths.withdraw(product.id),
      );
      onChanged(changed);
      showAlert(`${active ? 'Restored' : 'Withdrawn'}: ${product.name}`);
    } catch (error) {
      // a restore refused while its seller is deactivated says so beside no field here: say it in the alert
      const seller = fieldErrorsOf(error)?.seller;
      if (seller) showAlert(seller);
      else alertFailure(error, active ? 'Restoring a product failed' : 'Withdrawing a product failed');
    }
  };

  const addColour = async (form: FormData) => {
    const color = String(form.get('color') ?? '').trim();
    if (photos.length === 0) {
      showAlert(NEW_COLOUR_PHOTOS);
      return;
    }
    try {
      const sibling = await api.post<AdminProduct>(apiPaths.colours(product.id), { color, photos });
      navigate(paths.product(sibling.id), { state: { saved: `Added colour: ${sibling.color}` } });
    } catch (error) {
      alertFailure(error, 'Adding a colour failed');
    }
  };

  return (
    <div className="admin-actions admin-product-actions">
      <a className="button" href={shopPaths.product(product.prod, product.id)}>
        View in shop
      </a>
      <button type="button" className="button" onClick={() => setAsking('colour')}>
        Add colour
      </button>
      <button
        type="button"
        className="button"
        onClick={() => setAsking(product.active ? 'withdraw' : 'restore')}
      >
        {product.active ? 'Withdraw' : 'Restore'}
      </button>
      {asking === 'colour' && (
        <ConfirmDialog
          title={`Add colour: ${product.name}`}
          confirm="Add colour"
          onClose={close}
          onConfirm={addColour}
        >
          <p>
            A copy of this product in another colour, with the same sizes at no stock and the new colour's own
            photos; the product pages link the two.
          </p>
          <div className="admin-dialog-field">
            <label htmlFor={`${id}-colour`}>New colour</label>
            <input id={`${id}-colour`} name="color" required maxLength={40} />
          </div>
          <PhotosField id={`${id}-photos`} photos={photos} error={undefined} onChange={setPhotos} />
        </ConfirmDialog>
      )}
      {(asking === 'withdraw' || asking === 'restore') && (
        <ConfirmDialog
          title={`${ACTIVE_CHANGES[asking].action}: ${product.name}`}
          confirm={ACTIVE_CHANGES[asking].action}
          onClose={close}
          onConfirm={() => setActive(asking === 'restore')}
        >
          <p>{ACTIVE_CHANGES[asking].meaning}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
