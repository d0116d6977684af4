import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../shared/ui';
import { cardBrand, digitsOf, formatCardNumber, formatExpiry } from '../lib/card';
import type { CheckoutFormValues } from '../lib/checkoutForm';
import './CardFields.css';

type CardFieldsProps = {
  control: Control<CheckoutFormValues>;
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<CheckoutFormValues>;
  disabled?: boolean;
};

/**
 * Number (spaced in fours as typed), expiry (MM/YY), security code and name. These values only
 * ever go to the payment script in the browser, never to our API.
 */
export function CardFields({ control, register, errors, disabled = false }: CardFieldsProps) {
  return (
    <div className="card-fields">
      <Controller
        control={control}
        name="cardNumber"
        render={({ field }) => {
          const brand = field.value ? cardBrand(field.value) : null;
          return (
            <TextField
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              spellCheck={false}
              disabled={disabled}
              error={errors.cardNumber?.message}
              suffix={brand && brand !== 'Card' ? brand : undefined}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
            />
          );
        }}
      />
      <div className="card-fields__row">
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <TextField
              label="Expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              disabled={disabled}
              error={errors.expiry?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatExpiry(event.target.value, field.value))}
            />
          )}
        />
        <Controller
          control={control}
          name="cvc"
          render={({ field }) => (
            <TextField
              label="Security code"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              maxLength={4}
              disabled={disabled}
              error={errors.cvc?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(digitsOf(event.target.value).slice(0, 4))}
            />
          )}
        />
      </div>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        spellCheck={false}
        disabled={disabled}
        error={errors.name?.message}
        {...register('name')}
      />
    </div>
  );
}
