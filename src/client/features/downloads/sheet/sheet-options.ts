/* The sheet's options and the dialog's choices, apart from svg-sheet.ts so pages need no SVGO. */

/** The sheet's backgrounds, each with a caption colour that stays readable on it. */
export const SHEET_BACKGROUNDS = {
  white: { background: '#ffffff', captionColor: '#333' },
  transparent: { background: null, captionColor: '#333' },
  dark: { background: '#18181b', captionColor: '#e4e4e7' },
} as const satisfies Record<string, Pick<SheetOptions, 'background' | 'captionColor'>>;

export const SHEET_DEFAULTS = {
  columns: 3,
  cellSize: 184,
  logoSize: 144,
  fallbackSize: 100,
  captions: true,
  ...SHEET_BACKGROUNDS.white,
} as const satisfies SheetOptions;

export type SheetOptions = {
  columns: number;
  cellSize: number;
  /** The square each logo is fitted into; by default 144 / 184 of the cell. */
  logoSize: number;
  fallbackSize: number;
  /** A CSS colour, or null for a transparent sheet. */
  background: string | null;
  captions: boolean;
  captionColor: string;
};

/** The dialog's choices: 1–8 columns and a few cell sizes. */
export const SHEET_MAX_COLUMNS = 8;
export const SHEET_CELL_SIZES = [128, 184, 256, 384] as const;

export type SheetBackground = keyof typeof SHEET_BACKGROUNDS;
