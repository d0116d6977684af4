import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ErrorCode } from '@cc/contracts';
import { errorMessage, fieldErrors, isApiError } from '../api/apiError';

/** Error codes that belong to one input even when the server sends no `details.fields`. */
const CODE_FIELD: Record<string, string> = {
  [ErrorCode.EMAIL_TAKEN]: 'email',
  [ErrorCode.USERNAME_TAKEN]: 'username',
  [ErrorCode.INVALID_CODE]: 'verifyCode',
  [ErrorCode.WRONG_PASSWORD]: 'currentPassword',
};

/**
 * Puts a failed call's messages next to the inputs they concern (422 `details.fields`, or a code
 * that names one input) and returns what is left for a form-level notice, or null.
 * What the person typed stays in the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const known = new Set<string>(fields);
  let placed = false;
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (!known.has(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  const codeField = isApiError(error) ? CODE_FIELD[error.code] : undefined;
  if (!placed && codeField && known.has(codeField)) {
    setError(codeField as Path<T>, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    return null;
  }
  return placed ? null : errorMessage(error);
}
