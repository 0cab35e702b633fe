import { type ChangeEvent, type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { COD_LIMITS } from '../../../../../contract/cod-constants.ts';
import { policyPaths, paths as shopPaths } from '../../../../../contract/paths.ts';
import type { AdminShop, ShopSettings, ShopUpdate } from '../../../../../contract/shop.ts';
import {
  LEGAL_FORM_KEYS,
  LEGAL_FORMS,
  POLICY_PAGES,
  POLICY_PLACEHOLDERS,
  POLICY_TITLES,
  SHOP_LIMITS,
} from '../../../../../contract/shop-constants.ts';
import { SHOP_RULE_LIMITS } from '../../../../../contract/shopping-rules.ts';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../api/paths.ts';
import { failureMessage, useLoad } from '../../api/useLoad.ts';
import { type FieldErrors, useSave } from '../../api/useSave.ts';
import { CheckField, controlProps, Field } from '../../components/Field.tsx';
import { Loading } from '../../components/Loading.tsx';
import './SettingsScreen.css';

interface Loaded {
  shop: AdminShop;
  settings: ShopSettings;
}

/**
 * The owner's settings: the shop's details as its pages, invoices and SMS name it, the delivery charge
 * and low-stock threshold, the return and cancellation rules, cash on delivery, and the policy pages' texts. Each part saves on its own; a refused field
 * shows the server's message beside it and nothing of that part changes.
 */
export function SettingsScreen() {
  usePageTitle('Settings');
  const request = useCallback(async (signal?: AbortSignal): Promise<Loaded> => {
    const [shop, settings] = await Promise.all([
      api.get<AdminShop>(apiPaths.shop(), { signal }),
      api.get<ShopSettings>(apiPaths.settings(), { signal }),
    ]);
    return { shop, settings };
  }, []);
  const { state, retry, update } = useLoad(request, 'Loading the settings failed');
  return (
    <>
      <h1 className="admin-title">Settings</h1>
      <Loading state={state} onRetry={retry}>
        {({ shop, settings }) => (
          <div className="admin-settings">
            <DetailsForm shop={shop} onSaved={(saved) => update((data) => ({ ...data, shop: saved }))} />
            <ChargesForm
              settings={settings}
              onSaved={(saved) => update((data) => ({ ...data, settings: saved }))}
            />
            <RulesForm
              settings={settings}
              onSaved={(saved) => update((data) => ({ ...data, settings: saved }))}
            />
            <CodForm
              settings={settings}
              onSaved={(saved) => update((data) => ({ ...data, settings: saved }))}
            />
            <PoliciesForm shop={shop} onSaved={(saved) => update((data) => ({ ...data, shop: saved }))} />
          </div>
        )}
      </Loading>
    </>
  );
}

/** A titled part of the settings with its own Save button and message. */
function Part(props: {
  id: string;
  title: string;
  intro: ReactNode;
  busy: boolean;
  action: string;
  message: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <section className="admin-settings-part" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`} className="admin-form-title">
        {props.title}
      </h2>
      <p className="admin-details">{props.intro}</p>
      <form className="admin-form-grid" onSubmit={props.onSubmit} noValidate>
        {props.children}
        <div className="admin-field-wide admin-actions">
          <button type="submit" className="button button-primary" disabled={props.busy}>
            {props.action}
          </button>
        </div>
        <p className="admin-form-message admin-field-wide" role="alert">
          {props.message}
        </p>
      </form>
    </section>
  );
}

interface DetailsDraft {
  name: string;
  legalName: string;
  gstin: string;
  officeAddress: string;
  supportEmail: string;
  supportPhone: string;
  supportHours: string;
  about: string;
  footerText: string;
  pageTitle: string;
  metaDescription: string;
  /** '' while the owner names none */
  legalForm: string;
  logo: string | null;
}

const detailsOf = (shop: AdminShop): DetailsDraft => ({
  name: shop.name ?? '',
  legalName: shop.legalName ?? '',
  gstin: shop.gstin ?? '',
  officeAddress: shop.officeAddress.join('\n'),
  supportEmail: shop.supportEmail ?? '',
  supportPhone: shop.supportPhone ?? '',
  supportHours: shop.supportHours ?? '',
  about: shop.about ?? '',
  footerText: shop.footerText ?? '',
  pageTitle: shop.pageTitle ?? '',
  metaDescription: shop.metaDescription ?? '',
  legalForm: shop.legalForm ?? '',
  logo: shop.logo,
});

function DetailsForm({ shop, onSaved }: { shop: AdminShop; onSaved: (shop: AdminShop) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(() => detailsOf(shop));
  const { errors, message, busy, save } = useSave<AdminShop>('Saving the shop details failed', {
    done: 'Shop details saved',
    onSaved: (saved) => {
      setDraft(detailsOf(saved));
      onSaved(saved);
    },
  });
  const text = (field: Exclude<keyof DetailsDraft, 'logo'>) => ({
    ...controlProps(`${id}-${field}`, errors[field]),
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [field]: event.target.value })),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: ShopUpdate = { ...draft, officeAddress: draft.officeAddress.split('\n') };
    save(() => api.put<AdminShop>(apiPaths.shop(), body));
  };

  return (
    <Part
      id={`${id}-details`}
      title="Shop details"
      intro="What the shop's pages, share previews, invoices and SMS name, and the words its home page and footer say (the shop adds none of its own). A shop ready to go live has a name, legal name, GSTIN, registered office and support e-mail; the logo is optional."
      busy={busy}
      action="Save shop details"
      message={message}
      onSubmit={submit}
    >
      <Field id={`${id}-name`} label="Shop name" error={errors.name}>
        <input
          {...text('name')}
          maxLength={SHOP_LIMITS.name}
          placeholder="haat"
          autoComplete="organization"
        />
      </Field>
      <Field id={`${id}-legalName`} label="Legal name" error={errors.legalName}>
        <input {...text('legalName')} maxLength={SHOP_LIMITS.legalName} />
      </Field>
      <Field id={`${id}-gstin`} label="GSTIN" error={errors.gstin}>
        <input {...text('gstin')} maxLength={15} autoCapitalize="characters" spellCheck={false} />
      </Field>
      <Field
        id={`${id}-officeAddress`}
        label="Registered office (one line per row, with the pincode)"
        error={errors.officeAddress}
        className="admin-field-wide"
      >
        <textarea {...text('officeAddress')} rows={4} />
      </Field>
      <Field id={`${id}-supportEmail`} label="Support e-mail" error={errors.supportEmail}>
        <input {...text('supportEmail')} type="email" maxLength={254} autoComplete="email" />
      </Field>
      <Field id={`${id}-supportPhone`} label="Support phone" error={errors.supportPhone}>
        <input {...text('supportPhone')} type="tel" maxLength={20} autoComplete="tel" />
      </Field>
      <Field id={`${id}-supportHours`} label="Support hours" error={errors.supportHours}>
        <input
          {...text('supportHours')}
          maxLength={SHOP_LIMITS.supportHours}
          placeholder="Monday to Saturday, 10 am to 7 pm IST"
        />
      </Field>
      <Field id={`${id}-legalForm`} label="Legal form" error={errors.legalForm}>
        <select {...text('legalForm')}>
          <option value="">Not stated</option>
          {LEGAL_FORM_KEYS.map((form) => (
            <option key={form} value={form}>
              {LEGAL_FORMS[form]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}-pageTitle`}
        label={`Home page title (up to ${SHOP_LIMITS.pageTitle} characters; the shop's name while empty)`}
        error={errors.pageTitle}
      >
        <input {...text('pageTitle')} maxLength={SHOP_LIMITS.pageTitle} />
      </Field>
      <Field
        id={`${id}-metaDescription`}
        label={`Description for search results (up to ${SHOP_LIMITS.metaDescription} characters; the about line while empty)`}
        error={errors.metaDescription}
        className="admin-field-wide"
      >
        <textarea {...text('metaDescription')} rows={2} maxLength={SHOP_LIMITS.metaDescription} />
      </Field>
      <Field
        id={`${id}-about`}
        label={`About the shop, in the footer (up to ${SHOP_LIMITS.about} characters)`}
        error={errors.about}
        className="admin-field-wide"
      >
        <textarea {...text('about')} rows={3} maxLength={SHOP_LIMITS.about} />
      </Field>
      <Field
        id={`${id}-footerText`}
        label={`Footer text (up to ${SHOP_LIMITS.footerText} characters)`}
        error={errors.footerText}
        className="admin-field-wide"
      >
        <textarea {...text('footerText')} rows={4} maxLength={SHOP_LIMITS.footerText} />
      </Field>
      <LogoField
        id={`${id}-logo`}
        logo={draft.logo}
        error={errors.logo}
        onChange={(logo) => setDraft((d) => ({ ...d, logo }))}
      />
    </Part>
  );
}

/** The logo: uploaded at once (checked by content on the server), shown, and saved with the details. */
function LogoField(props: {
  id: string;
  logo: string | null;
  error: string | undefined;
  onChange: (logo: string | null) => void;
}) {
  const { id, logo, error, onChange } = props;
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      onChange((await api.post<{ photo: string }>(apiPaths.photos(), form)).photo);
      setProblem('');
    } catch (failure) {
      setProblem(failureMessage(failure, 'Uploading the logo failed'));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  const shown = problem || error;
  return (
    <div className="admin-field admin-field-wide admin-logo-field">
      <label htmlFor={id}>Logo</label>
      {logo && <img className="admin-logo-preview" src={shopPaths.logo(logo, 320)} alt="The shop's logo" />}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        aria-describedby={`${id}-help ${id}-error`}
        aria-invalid={shown ? true : undefined}
        onChange={upload}
      />
      <p id={`${id}-help`} className="admin-details">
        JPEG, PNG or WebP, shown in the shop's header, on invoices and in share previews; without one the shop
        shows its name. {logo ? 'Save the details to use it.' : ''}
        {busy && ' Uploading…'}
      </p>
      {logo && (
        <div className="admin-actions">
          <button type="button" className="button" onClick={() => onChange(null)}>
            Remove logo
          </button>
        </div>
      )}
      <p id={`${id}-error`} className="admin-field-error">
        {shown}
      </p>
    </div>
  );
}

/** Whole rupees (or units) as the owner types them; undefined until it is a whole number. */
const wholeNumber = (text: string) => (/^[0-9]+$/.test(text.trim()) ? Number(text) : undefined);

type NumberSetting = {
  [K in keyof ShopSettings]: ShopSettings[K] extends number ? K : never;
}[keyof ShopSettings];
type FlagSetting = {
  [K in keyof ShopSettings]: ShopSettings[K] extends boolean ? K : never;
}[keyof ShopSettings];

/**
 * A part of whole-number settings (PUT /admin/api/settings takes any subset), and of a yes-or-no one
 * (`flag`) before them: each number checked to be a whole number before it is sent; the server's range
 * check answers beside the field.
 */
function NumbersPart(props: {
  settings: ShopSettings;
  onSaved: (s: ShopSettings) => void;
  flag?: { name: FlagSetting; label: string };
  fields: readonly { name: NumberSetting; label: string }[];
  title: string;
  intro: string;
  action: string;
  done: string;
  failure: string;
}) {
  const id = useId();
  const draftOf = (s: ShopSettings) =>
    Object.fromEntries(props.fields.map(({ name }) => [name, String(s[name])])) as Record<
      NumberSetting,
      string
    >;
  const [draft, setDraft] = useState(() => draftOf(props.settings));
  const flag = props.flag;
  const [on, setOn] = useState(() => (flag ? props.settings[flag.name] : false));
  const [checked, setChecked] = useState<FieldErrors>({});
  const { errors, message, busy, save } = useSave<ShopSettings>(props.failure, {
    done: props.done,
    onSaved: (saved) => {
      setDraft(draftOf(saved));
      if (flag) setOn(saved[flag.name]);
      props.onSaved(saved);
    },
  });
  const shownErrors = { ...errors, ...checked };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(
      Object.entries(draft).map(([field, text]) => [field, wholeNumber(text)]),
    );
    const wrong = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value === undefined)
        .map(([field]) => [field, 'Enter a whole number, 0 or more']),
    );
    setChecked(wrong);
    if (Object.keys(wrong).length > 0) return;
    save(() => api.put<ShopSettings>(apiPaths.settings(), flag ? { ...values, [flag.name]: on } : values));
  };
  return (
    <Part
      id={`${id}-part`}
      title={props.title}
      intro={props.intro}
      busy={busy}
      action={props.action}
      message={message}
      onSubmit={submit}
    >
      {flag && (
        <CheckField
          id={`${id}-${flag.name}`}
          label={flag.label}
          error={shownErrors[flag.name]}
          checked={on}
          onChange={setOn}
        />
      )}
      {props.fields.map(({ name, label }) => (
        <Field key={name} id={`${id}-${name}`} label={label} error={shownErrors[name]}>
          <input
            {...controlProps(`${id}-${name}`, shownErrors[name])}
            value={draft[name]}
            inputMode="numeric"
            onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
          />
        </Field>
      ))}
    </Part>
  );
}

const CHARGE_FIELDS = [
  { name: 'deliveryCharge', label: 'Delivery charge (₹)' },
  { name: 'freeDeliveryAbove', label: 'Free delivery above (₹)' },
  { name: 'lowStockThreshold', label: 'Low-stock threshold (units)' },
] as const;

function ChargesForm(props: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  return (
    <NumbersPart
      {...props}
      fields={CHARGE_FIELDS}
      title="Delivery and stock"
      intro="A bag that comes to the free-delivery amount or less after discounts pays the delivery charge. Orders already placed keep the charge they paid."
      action="Save delivery and stock"
      done="Delivery and stock settings saved"
      failure="Saving the delivery charge failed"
    />
  );
}

const RULE_FIELDS = [
  {
    name: 'returnWindowDays',
    label: `Return window (days after delivery, 0 to ${SHOP_RULE_LIMITS.returnWindowDays})`,
  },
  {
    name: 'exchangeWindowDays',
    label: `Exchange window (days after delivery, 0 to ${SHOP_RULE_LIMITS.exchangeWindowDays})`,
  },
  {
    name: 'freeCancellationHours',
    label: `Free cancellation (hours after ordering, 0 to ${SHOP_RULE_LIMITS.freeCancellationHours})`,
  },
  {
    name: 'cancellationChargePercent',
    label: `Cancellation charge after that (% of the price, 0 to ${SHOP_RULE_LIMITS.cancellationChargePercent})`,
  },
] as const;

/** The owner's return, exchange and cancellation rules, which the product page, SMS and policies state. */
function RulesForm(props: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  return (
    <NumbersPart
      {...props}
      fields={RULE_FIELDS}
      title="Returns, exchanges and cancellation"
      intro="0 days means no returns (or exchanges); 0 hours means every cancellation is charged. The product page, the delivered SMS and the policy pages ({returnWindow}, {exchangeWindow}, {freeCancellation}, {cancellationCharge}) follow. Orders already placed keep the rules they were placed under."
      action="Save the rules"
      done="Return and cancellation rules saved"
      failure="Saving the rules failed"
    />
  );
}

const COD_FIELDS = [
  { name: 'codFee', label: `Cash on delivery fee (₹, ${rangeText(COD_LIMITS.codFee)})` },
  {
    name: 'codMaxOrderValue',
    label: `Largest order value for cash on delivery (₹, ${rangeText(COD_LIMITS.codMaxOrderValue)})`,
  },
  {
    name: 'codRtoLimit',
    label: `Refused parcels after which a shopper is not offered it (${rangeText(COD_LIMITS.codRtoLimit)})`,
  },
] as const;

function rangeText({ min, max }: { min: number; max: number }) {
  return `${min.toLocaleString('en-IN')} to ${max.toLocaleString('en-IN')}`;
}

/** Cash on delivery: on or off, its fee, its cap and the refusals that end it for a shopper. */
function CodForm(props: { settings: ShopSettings; onSaved: (s: ShopSettings) => void }) {
  return (
    <NumbersPart
      {...props}
      flag={{ name: 'codEnabled', label: 'Offer cash on delivery' }}
      fields={COD_FIELDS}
      title="Cash on delivery"
      intro="Checkout offers cash on delivery where every item's delivery partner collects cash at the shopper's pincode (the cod column of its pincode list), with the fee as a line of its own that coupons never discount. It is not offered above the largest order value, nor to a shopper who refused that many parcels at the door. The policy pages ({paymentWays}, {cashOnDelivery}, {cashOnDeliveryRefunds}, {codFee}, {codMaxOrderValue}) follow."
      action="Save cash on delivery"
      done="Cash on delivery settings saved"
      failure="Saving cash on delivery failed"
    />
  );
}

function PoliciesForm({ shop, onSaved }: { shop: AdminShop; onSaved: (shop: AdminShop) => void }) {
  const id = useId();
  const [texts, setTexts] = useState(shop.policies);
  const { errors, message, busy, save } = useSave<AdminShop>('Saving the policy pages failed', {
    done: 'Policy pages saved',
    onSaved: (saved) => {
      setTexts(saved.policies);
      onSaved(saved);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // only the pages changed here: the others keep their text
    const changed = Object.fromEntries(
      POLICY_PAGES.filter((page) => texts[page] !== shop.policies[page]).map((page) => [page, texts[page]]),
    );
    save(() => api.put<AdminShop>(apiPaths.shop(), { policies: changed }));
  };
  return (
    <Part
      id={`${id}-policies`}
      title="Policy pages"
      intro={
        <>
          Each page is written in Markdown: <code>## Heading</code>, <code>- item</code>,{' '}
          <code>**bold**</code>, <code>[link text](/shipping)</code>; HTML is shown as text. These words are
          replaced by the shop's current values:{' '}
          {POLICY_PLACEHOLDERS.map((word, index) => (
            <span key={word}>
              {index > 0 && ', '}
              <code>{word}</code>
            </span>
          ))}
          . Empty a page to show the standard text again.
        </>
      }
      busy={busy}
      action="Save policy pages"
      message={message}
      onSubmit={submit}
    >
      {POLICY_PAGES.map((page) => {
        const field = `policies.${page}`;
        return (
          <Field
            key={page}
            id={`${id}-${page}`}
            label={`${POLICY_TITLES[page]}${shop.changedPolicies.includes(page) ? '' : ' (standard text)'}`}
            error={errors[field]}
            className="admin-field-wide"
          >
            <textarea
              {...controlProps(`${id}-${page}`, errors[field])}
              className="admin-policy-text"
              rows={10}
              maxLength={SHOP_LIMITS.policy}
              value={texts[page]}
              onChange={(event) => setTexts((t) => ({ ...t, [page]: event.target.value }))}
            />
            <a href={policyPaths[page]} target="_blank" rel="noreferrer" className="admin-details">
              See the {POLICY_TITLES[page].toLowerCase()} page in the shop (opens a new tab)
            </a>
          </Field>
        );
      })}
    </Part>
  );
}
