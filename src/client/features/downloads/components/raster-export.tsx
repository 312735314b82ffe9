import { useId, useState } from 'react';
import { ImageDown } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#client/components/ui/accordion.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ChoiceField, Field, checkerboardStyle } from '#client/components/ui/choice-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { useLogoDownload, type ConvertDownload } from '../hooks/use-logo-download.ts';
import {
  DEFAULT_CUSTOM_BACKGROUND,
  DEFAULT_WIDTH,
  MAX_CUSTOM_WIDTH,
  MIN_CUSTOM_WIDTH,
  PADDING_CHOICES,
  RASTER_FORMATS,
  RASTER_FORMAT_INFO,
  SIZE_PRESETS,
  estimateRaster,
  parseCustomWidth,
  resolveBackground,
  type BackgroundChoice,
  type PaddingPercent,
  type RasterFormat,
} from '../raster/raster-plan.ts';
import { renderSvgImage } from '../raster/render-image.ts';
import { rasterFileName } from '../zip-names.ts';
import { BusyIcon } from './busy-icon.tsx';

const BACKGROUND_CHOICES: { value: BackgroundChoice; label: string; swatch?: string }[] = [
  { value: 'transparent', label: 'Transparent' },
  { value: 'white', label: 'White', swatch: '#ffffff' },
  { value: 'black', label: 'Black', swatch: '#000000' },
  { value: 'custom', label: 'Custom' },
];

const CUSTOM = 'custom';

const FORMATS = RASTER_FORMATS.map((value) => ({ value, label: RASTER_FORMAT_INFO[value].label }));
const PADDING_OPTIONS = PADDING_CHOICES.map((value) => ({
  value,
  label: value === 0 ? 'None' : `${value}%`,
  name: value === 0 ? 'No padding' : `${value}% padding`,
}));

/**
 * 'Export as image' in an SVG logo's detail dialog, drawn in the browser. A download like any
 * other: it counts against the allowance and the history records the saved format.
 */
export function RasterExport({
  logo,
  blocked = false,
  describedBy,
}: {
  logo: Logo;
  /** Nothing left to download: the button stays focusable and says why through `describedBy`. */
  blocked?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const [format, setFormat] = useState<RasterFormat>('png');
  const [size, setSize] = useState<string>(String(DEFAULT_WIDTH));
  const [customWidth, setCustomWidth] = useState('');
  const [background, setBackground] = useState<BackgroundChoice>('transparent');
  const [customColour, setCustomColour] = useState(DEFAULT_CUSTOM_BACKGROUND);
  const [padding, setPadding] = useState<PaddingPercent>(0);
  const [busyText, setBusyText] = useState('');
  const { download, isDownloading } = useLogoDownload(logo);

  const info = RASTER_FORMAT_INFO[format];
  const custom = size === CUSTOM ? parseCustomWidth(customWidth) : null;
  const width = custom ? (custom.ok ? custom.width : null) : Number(size);
  // JPG has no transparency: its transparent choice is shown (and drawn) as white.
  const shownBackground: BackgroundChoice =
    !info.transparency && background === 'transparent' ? 'white' : background;
  const colour = resolveBackground(format, background, customColour);

  const estimate = estimateRaster(logo, width, padding);

  // An empty custom width is not an error yet: the hint says what to type.
  const widthError = custom && !custom.ok && customWidth.trim() ? custom.message : null;
  const disabled = isDownloading || blocked || width === null || estimate?.tooLarge === true;
  const describedIds = [describedBy, `${id}-size-hint`].filter(Boolean).join(' ');

  const exportImage = () => {
    if (disabled || width === null) return;
    const convert: ConvertDownload = async (original) => {
      setBusyText(`Rendering ${info.label}...`);
      const blob = await renderSvgImage({
        svg: await original.text(),
        format,
        width,
        paddingPercent: padding,
        background: colour,
      });
      setBusyText('Saving...');
      return { blob, fileName: rasterFileName(logo, width, format), fileType: format };
    };
    setBusyText('Fetching the SVG...');
    download(convert);
  };

  return (
    <Accordion type="single" collapsible className="rounded-xl border bg-surface px-4">
      <AccordionItem value="export">
        <AccordionTrigger className="py-3.5 text-sm font-semibold hover:text-foreground">
          <span className="flex items-center gap-2">
            <ImageDown aria-hidden className="size-4 text-muted-foreground" />
            Export as image
            <span className="font-normal text-muted-foreground">PNG, WebP, JPG</span>
          </span>
        </AccordionTrigger>
        <AccordionContent className="flex flex-col gap-4 pt-1 text-foreground">
          <ChoiceField
            labelId={`${id}-format`}
            label="Format"
            value={format}
            choices={FORMATS}
            onChange={setFormat}
          />

          <Field
            labelId={`${id}-width-label`}
            label={<label htmlFor={`${id}-width`}>Width</label>}
            hint={
              <p id={`${id}-size-hint`} className="text-xs/5 text-muted-foreground">
                {!estimate
                  ? 'The height follows the logo’s proportions.'
                  : !estimate.tooLarge && `The image will be ${estimate.text}.`}
              </p>
            }
          >
            <div className="flex flex-wrap gap-2">
              <select
                id={`${id}-width`}
                value={size}
                onChange={(event) => setSize(event.target.value)}
                className="h-9 min-w-32 cursor-pointer rounded-lg border border-input bg-background px-2.5 text-sm text-foreground shadow-xs focus-visible:border-ring"
              >
                {SIZE_PRESETS.map((preset) => (
                  <option key={preset} value={preset}>
                    {preset} px
                  </option>
                ))}
                <option value={CUSTOM}>Custom width…</option>
              </select>
              {size === CUSTOM && (
                <Input
                  type="number"
                  inputMode="numeric"
                  min={MIN_CUSTOM_WIDTH}
                  max={MAX_CUSTOM_WIDTH}
                  step={1}
                  value={customWidth}
                  onChange={(event) => setCustomWidth(event.target.value)}
                  placeholder="e.g. 800"
                  aria-label="Custom width in pixels"
                  aria-invalid={widthError ? true : undefined}
                  aria-describedby={`${id}-width-error`}
                  className="h-9 w-32"
                />
              )}
            </div>
            {size === CUSTOM && (
              <p
                id={`${id}-width-error`}
                className={cn(
                  'text-xs/5',
                  widthError ? 'text-destructive' : 'text-muted-foreground',
                )}
              >
                {widthError ?? `From ${MIN_CUSTOM_WIDTH} to ${MAX_CUSTOM_WIDTH} pixels.`}
              </p>
            )}
            {estimate?.tooLarge && (
              <p role="alert" className="text-xs/5 text-destructive">
                {estimate.text}
              </p>
            )}
          </Field>

          <Field labelId={`${id}-background`} label="Background">
            <div className="flex flex-wrap items-center gap-2">
              <ToggleGroup
                type="single"
                value={shownBackground}
                onValueChange={(value) => {
                  const choice = BACKGROUND_CHOICES.find((option) => option.value === value);
                  if (choice) setBackground(choice.value);
                }}
                aria-labelledby={`${id}-background`}
                aria-describedby={info.transparency ? undefined : `${id}-jpg-note`}
                // Two by two: four labelled choices do not fit one row of the dialog's column.
                className="grid w-full max-w-72 grid-cols-2"
              >
                {BACKGROUND_CHOICES.map((choice) => (
                  <ToggleGroupItem
                    key={choice.value}
                    value={choice.value}
                    disabled={choice.value === 'transparent' && !info.transparency}
                    className="px-2.5 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    <span
                      aria-hidden
                      className="size-3 rounded-full border border-foreground/25"
                      style={
                        choice.value === 'transparent'
                          ? checkerboardStyle(6)
                          : { backgroundColor: choice.swatch ?? customColour }
                      }
                    />
                    {choice.label}
                  </ToggleGroupItem>
                ))}
              </ToggleGroup>
              {shownBackground === 'custom' && (
                <input
                  type="color"
                  value={customColour}
                  onChange={(event) => setCustomColour(event.target.value)}
                  aria-label="Custom background colour"
                  className="h-9 w-12 cursor-pointer rounded-lg border border-input bg-background p-1"
                />
              )}
            </div>
            {!info.transparency && (
              <p id={`${id}-jpg-note`} className="text-xs/5 text-muted-foreground">
                JPG has no transparency, so the image gets a background colour.
              </p>
            )}
          </Field>

          <ChoiceField
            labelId={`${id}-padding`}
            label="Padding"
            value={padding}
            choices={PADDING_OPTIONS}
            onChange={setPadding}
          />

          <Button
            variant="secondary"
            size="lg"
            onClick={exportImage}
            aria-disabled={disabled || undefined}
            aria-describedby={describedIds}
          >
            <BusyIcon busy={isDownloading} icon={ImageDown} />
            {isDownloading ? (
              busyText
            ) : (
              <span>
                Export {info.label}
                <span className="sr-only"> of {logo.title}</span>
              </span>
            )}
          </Button>
          <p role="status" className="sr-only">
            {isDownloading ? busyText : ''}
          </p>
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}
