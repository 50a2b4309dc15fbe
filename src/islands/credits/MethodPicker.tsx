import type { TFunction } from 'i18next';
import { PAYMENT_METHOD_BRANDS, type PaymentMethod } from '~/shared/payments';
import { chooseMethod } from '../../stores/purchase';

/**
 * The payment methods of the member's country as labelled radio buttons (docs/product.md §11
 * Screens): brands by name, "credit card" translated. Choosing one sets the purchase store's method.
 */
export function MethodPicker(props: {
  t: TFunction;
  methods: PaymentMethod[];
  chosen: PaymentMethod | null;
  disabled: boolean;
}) {
  const { t } = props;
  return (
    <fieldset className="method-list">
      <legend>{t('credits.method_label')}</legend>
      {props.methods.map((each) => (
        <label key={each} className={`method${props.chosen === each ? ' is-chosen' : ''}`}>
          <input
            type="radio"
            name="method"
            value={each}
            checked={props.chosen === each}
            onChange={() => chooseMethod(each)}
            disabled={props.disabled}
          />
          <span>{PAYMENT_METHOD_BRANDS[each] ?? t(`credits.method_${each}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
