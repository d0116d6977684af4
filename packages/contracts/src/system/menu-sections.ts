/** Links without a section of their own go to the footer. */
export const DEFAULT_MENU_SECTION = 'footer';
