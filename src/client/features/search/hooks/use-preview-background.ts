import { storedPreference } from '#client/lib/stored-preference.ts';
import { isPreviewBackground } from '../preview-background.ts';

/**
 * The preview background of every card and of the detail dialog: one choice for the page,
 * remembered in this browser like the grid/list view (white until then, and on the server).
 */
export const usePreviewBackground = storedPreference(
  'logo-preview-background',
  isPreviewBackground,
  'white',
);
