import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@cc/contracts';

/** The sign-in form's rules (the contract's login schema), loaded when the form is first checked. */
export const loginResolver = zodResolver(loginSchema);
