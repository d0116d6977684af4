import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './Checkbox.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, description, id, className, ref, ...input }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `checkbox-${autoId}`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={['ui-checkbox', className].filter(Boolean).join(' ')}>
      <input ref={ref} id={inputId} type="checkbox" aria-describedby={descriptionId} {...input} />
      <div>
        <label htmlFor={inputId}>{label}</label>
        {description ? (
          <p id={descriptionId} className="ui-checkbox__description">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
