import { type FieldMetadata, getInputProps } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, Field, inputClass } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'> & {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: 'text' | 'email' | 'password' | 'date';
  hint?: ReactNode;
};

/**
 * A labelled text input for a Conform field. Browser constraint checks are left
 * off: our messages come from the form's schema, with or without JavaScript.
 */
export function TextField({ field, label, type, hint, className = '', ...rest }: TextFieldProps) {
  return (
    <Field label={label} id={field.id} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type })}
        required={false}
        minLength={undefined}
        maxLength={rest.maxLength}
        pattern={undefined}
        {...rest}
        className={`${inputClass} ${className}`}
        {...describedBy(field.id, { errors: field.errors, hint: Boolean(hint) })}
      />
    </Field>
  );
}
