import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './Field';

type Common = { label: ReactNode; hint?: ReactNode; error?: string | undefined; labelAside?: ReactNode };

type TextFieldProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
    ref?: Ref<HTMLInputElement>;
    /** Extra class on the input itself (`className` goes on the field wrapper). */
    inputClassName?: string;
    /** Text or an element glued to the right of the input, e.g. a unit. */
    suffix?: ReactNode;
  };

/** A labelled text input; spread react-hook-form's `register()` into it. */
export function TextField({ label, hint, error, labelAside, id, className, inputClassName, suffix, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside} id={id} className={className}>
      {(control) => (
        // The group and its suffix slot are always there: an adornment that appears while someone
        // types (a card's brand) must never move the input, or React mounts a new one and the
        // focus, and the rest of the typing, is lost.
        <div className={['ui-input-group', hasSuffix(suffix) && 'ui-input-group--with-suffix'].filter(Boolean).join(' ')}>
          <input ref={ref} className={['ui-input', inputClassName].filter(Boolean).join(' ')} type="text" {...control} {...input} />
          <span className="ui-input-group__suffix" hidden={!hasSuffix(suffix)}>
            {suffix}
          </span>
        </div>
      )}
    </Field>
  );
}

const hasSuffix = (suffix: ReactNode) => suffix !== undefined && suffix !== null && suffix !== false && suffix !== '';

type TextAreaFieldProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, hint, error, labelAside, id, className, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside} id={id} className={className}>
      {(control) => <textarea ref={ref} className="ui-input" {...control} {...textarea} />}
    </Field>
  );
}
