import { type FormEvent, Fragment, useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Profile } from '../../../../../contract/accounts.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import type { BagLine, UserInfo } from '../../../../../contract/shopping.ts';
import { NOT_SERVICEABLE_MESSAGE } from '../../../../../contract/shopping-messages.ts';
import { api } from '../../../../shared/api/client.ts';
import { useFailure } from '../../api/useFailure.ts';
import { StateSelect } from '../../components/StateSelect.tsx';
import { startingPin, usePincodeFill } from '../../lib/address-fields.ts';
import {
  ADDRESS_FIELDS,
  type Address,
  type AddressErrors,
  type AddressFieldSpec,
  addressErrors,
  profileEdit,
  toAddress,
} from './address.ts';
import { deliversEverything } from './delivery.ts';

interface Props {
  lines: readonly BagLine[];
  userInfo: UserInfo;
  onBack: () => void;
  /** the address is valid, deliverable and on the profile */
  onSaved: (userInfo: UserInfo) => void;
  onSessionLost: () => void;
}

/**
 * Step 2 (SHIPPING ADDRESS): prefilled from the profile; Save and continue moves on only with every
 * rule met and a pincode that each line's delivery partner serves, after saving it with /editProfile.
 */
export function AddressStep({ lines, userInfo, onBack, onSaved, onSessionLost }: Props) {
  const fail = useFailure();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [address, setAddress] = useState<Address>(() => ({
    ...toAddress(userInfo),
    pin: startingPin(userInfo.pin),
  }));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [formMessage, setFormMessage] = useState('');
  const [saving, setSaving] = useState(false);

  const fillFromPincode = usePincodeFill(setAddress);
  // a pincode the profile or the product page gave: City and State from it, where the profile has none
  useEffect(() => {
    if (!userInfo.city || !userInfo.state) void fillFromPincode(startingPin(userInfo.pin), false);
  }, [userInfo, fillFromPincode]);

  const refuse = (found: AddressErrors) => {
    flushSync(() => setErrors(found));
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
  };

  const failed = (error: unknown) => {
    const failure = fail(error, 'Error occurred while updating the profile');
    if (failure?.kind === 'sessionLost') onSessionLost();
    else if (failure?.kind === 'refused') setFormMessage(failure.message);
    else if (failure) setFormMessage('Your address could not be saved. Please try again.');
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormMessage('');
    const found = addressErrors(address);
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setSaving(true);
    try {
      if (!(await deliversEverything(address.pin, lines))) {
        refuse({ pin: NOT_SERVICEABLE_MESSAGE });
        return;
      }
      await api.post<Profile>(apiPaths.editProfile(), profileEdit(address));
      onSaved({ ...userInfo, ...address });
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };

  const change = (spec: AddressFieldSpec, typed: string) => {
    const value = spec.clean ? spec.clean(typed) : typed;
    setAddress((current) => ({ ...current, [spec.name]: value }));
    if (spec.name === 'pin') void fillFromPincode(value, true);
    // a message about the old value would mislead (the spec's states: typing clears the pincode's answer)
    setErrors(({ [spec.name]: _old, ...rest }) => rest);
  };

  return (
    <form className="address-form" onSubmit={save} noValidate aria-busy={saving}>
      <p className="checkout-note">All fields are required unless marked optional.</p>
      <div className="address-grid">
        {ADDRESS_FIELDS.map((spec) => {
          const error = errors[spec.name];
          const errorId = `${fieldId(spec.name)}-error`;
          return (
            <Fragment key={spec.name}>
              <div className="address-field">
                <label htmlFor={fieldId(spec.name)}>{spec.label}</label>
                <input
                  id={fieldId(spec.name)}
                  className="text-input address-input"
                  type={spec.inputMode === 'tel' ? 'tel' : 'text'}
                  inputMode={spec.inputMode}
                  autoComplete={spec.autoComplete}
                  maxLength={spec.maxLength}
                  required={!spec.optional}
                  value={address[spec.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => change(spec, event.target.value)}
                />
                {error && (
                  <p id={errorId} className="address-error">
                    {error}
                  </p>
                )}
              </div>
              {spec.name === 'pin' && (
                <div className="address-field">
                  <StateSelect
                    id={fieldId('state')}
                    className="text-input address-input"
                    value={address.state}
                    onChange={(state) => setAddress((current) => ({ ...current, state }))}
                  />
                </div>
              )}
            </Fragment>
          );
        })}
      </div>
      <p className="address-form-error" role="alert">
        {formMessage}
      </p>
      <div className="checkout-continue">
        <button type="button" className="button" onClick={onBack}>
          Manage products
        </button>
        <button type="submit" className="button button-primary">
          Save and continue
        </button>
      </div>
    </form>
  );
}
