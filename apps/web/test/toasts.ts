import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

/**
 * A toast slides in: sonner's own stylesheet holds it at opacity 0 until it has mounted, so it is
 * seen once it has become visible, not the moment its text is in the page.
 */
export const seeToast = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeVisible());
