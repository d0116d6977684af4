import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { passwordRules } from '@cc/contracts';
import { Field } from './Field';
import { Icon } from './Icon';
import './PasswordField.css';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  labelAside?: ReactNode;
  /** When given, the password rules are listed under the field and ticked as they are met. */
  checklistFor?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A password input with a show/hide toggle and, for new passwords, the live rule checklist. */
export function PasswordField({ label, hint, error, labelAside, checklistFor, id, className, ref, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const checklist = checklistFor === undefined ? undefined : <PasswordChecklist password={checklistFor} />;
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside} below={checklist} id={id} className={className}>
      {(control) => (
        <div className="ui-input--with-action">
          <input ref={ref} className="ui-input" type={visible ? 'text' : 'password'} {...control} {...input} />
          <button
            type="button"
            className="ui-input__action"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
          >
            <Icon name={visible ? 'eyeOff' : 'eye'} size={18} />
          </button>
        </div>
      )}
    </Field>
  );
}

export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="ui-password-rules" aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'is-met' : undefined}>
            <Icon name={met ? 'checkCircle' : 'circle'} size={14} />
            <span>{rule.label}</span>
            <span className="visually-hidden">{met ? ' (done)' : ' (missing)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
