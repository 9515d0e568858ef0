import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, Label } from '@/components/ui/input';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

/**
 * A new password and its confirmation, with the live rules checklist: the reset-password form and the team
 * invitation both ask for one. The form owns the values and the schema; this draws the two fields the same way.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  password,
  errors,
  passwordInput,
  confirmInput,
}: {
  idPrefix: string;
  labels: { password: string; confirm: string };
  /** The password as typed, for the checklist. */
  password: string;
  errors: { password?: string; confirm?: string };
  passwordInput: UseFormRegisterReturn;
  confirmInput: UseFormRegisterReturn;
}) {
  const id = { password: `${idPrefix}-password`, confirm: `${idPrefix}-confirm` };
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id.password}>{labels.password}</Label>
        <PasswordField
          id={id.password}
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby={`${id.password}-rules`}
          {...passwordInput}
        />
        <PasswordRules id={`${id.password}-rules`} password={password} />
        {/* Once typing starts the checklist says what is missing; before, the form's message does. */}
        {!password && <FieldError message={errors.password} />}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id.confirm}>{labels.confirm}</Label>
        <PasswordField
          id={id.confirm}
          autoComplete="new-password"
          aria-invalid={!!errors.confirm}
          aria-describedby={errors.confirm ? `${id.confirm}-error` : undefined}
          {...confirmInput}
        />
        <FieldError id={`${id.confirm}-error`} message={errors.confirm} />
      </div>
    </>
  );
}
