import { useId, type ReactNode } from 'react';
import { ChoiceField, Field } from '#client/components/ui/choice-field.tsx';
import { cn } from '#client/lib/cn.ts';
import {
  WALL_ASPECTS,
  WALL_MAX_COLUMNS,
  WALL_MAX_GAP,
  WALL_MAX_PADDING,
  isHexColour,
  type HexColour,
  type WallSettings,
} from '../wall-layout.ts';

const SELECT_CLASS =
  'h-9 rounded-lg border border-input bg-background px-2.5 text-sm text-foreground shadow-xs focus-visible:border-ring';

function Slider({
  label,
  value,
  min,
  max,
  unit,
  onChange,
  ends,
  valueText,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  onChange: (value: number) => void;
  ends?: [string, string];
  valueText?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium">
          {label}
        </label>
        <span className="text-xs text-muted-foreground tabular-nums">
          {valueText ?? `${value}${unit}`}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        value={value}
        aria-valuetext={valueText ?? `${value}${unit}`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-primary"
      />
      {ends && (
        <div aria-hidden className="flex justify-between text-xs text-muted-foreground">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      )}
    </div>
  );
}

/** A colour field beside a choice, shown when the choice asks for a colour. */
function ColourInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: HexColour;
  onChange: (colour: HexColour) => void;
}) {
  return (
    <input
      type="color"
      aria-label={label}
      value={value}
      onChange={(event) => {
        const colour = event.target.value.toLowerCase();
        if (isHexColour(colour)) onChange(colour);
      }}
      className="h-8 w-12 cursor-pointer rounded-md border border-input bg-background p-0.5"
    />
  );
}

function Row({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-wrap items-end gap-2', className)}>{children}</div>;
}

/** The wall's look: columns, spacing, cell shape, background, colours and balanced sizes. */
export function WallControls({
  settings,
  onChange,
}: {
  settings: WallSettings;
  onChange: (settings: WallSettings) => void;
}) {
  const set = (patch: Partial<WallSettings>) => onChange({ ...settings, ...patch });
  const ids = { columns: useId(), aspect: useId(), background: useId(), colour: useId() };
  const customBackground = settings.background.startsWith('#');
  const oneColour = settings.colour.startsWith('#');

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field labelId={ids.columns} label="Columns">
        <select
          aria-labelledby={ids.columns}
          value={String(settings.columns)}
          onChange={(event) =>
            set({
              columns: event.target.value === 'auto' ? 'auto' : Number(event.target.value),
            })
          }
          className={cn(SELECT_CLASS, 'self-start')}
        >
          <option value="auto">Auto</option>
          {Array.from({ length: WALL_MAX_COLUMNS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </Field>
      <ChoiceField
        labelId={ids.aspect}
        label="Cell shape"
        value={settings.aspect}
        choices={WALL_ASPECTS.map((aspect) => ({
          value: aspect,
          label: aspect,
          name: `${aspect} cells`,
        }))}
        onChange={(aspect) => set({ aspect })}
        itemClassName="px-2.5"
      />
      <Slider
        label="Gap"
        value={settings.gap}
        min={0}
        max={WALL_MAX_GAP}
        unit=" px"
        onChange={(gap) => set({ gap })}
      />
      <Slider
        label="Padding"
        value={settings.padding}
        min={0}
        max={WALL_MAX_PADDING}
        unit="%"
        onChange={(padding) => set({ padding })}
      />
      <Row>
        <ChoiceField
          labelId={ids.background}
          label="Background"
          value={customBackground ? 'custom' : settings.background}
          choices={[
            { value: 'transparent', label: 'None', name: 'Transparent background' },
            { value: 'white', label: 'White', name: 'White background' },
            { value: 'black', label: 'Black', name: 'Black background' },
            { value: 'custom', label: 'Colour', name: 'Background colour of your choice' },
          ]}
          onChange={(value) =>
            set({
              background: value === 'custom' ? '#f4f4f5' : (value as WallSettings['background']),
            })
          }
          itemClassName="px-2.5"
        />
        {customBackground && (
          <ColourInput
            label="Background colour"
            value={settings.background as HexColour}
            onChange={(background) => set({ background })}
          />
        )}
      </Row>
      <Row>
        <ChoiceField
          labelId={ids.colour}
          label="Logo colours"
          value={oneColour ? 'one' : settings.colour}
          choices={[
            { value: 'original', label: 'Original', name: 'Original colours' },
            { value: 'one', label: 'One colour', name: 'One colour' },
            { value: 'greyscale', label: 'Greyscale', name: 'Greyscale' },
          ]}
          onChange={(value) =>
            set({ colour: value === 'one' ? '#52525b' : (value as WallSettings['colour']) })
          }
          itemClassName="px-2.5"
        />
        {oneColour && (
          <ColourInput
            label="Logo colour"
            value={settings.colour as HexColour}
            onChange={(colour) => set({ colour })}
          />
        )}
      </Row>
      <div className="sm:col-span-2">
        <Slider
          label="Balance sizes"
          value={settings.balance}
          min={0}
          max={100}
          unit="%"
          valueText={
            settings.balance === 0
              ? 'Same width'
              : settings.balance === 100
                ? 'Same visual weight'
                : `${settings.balance}% towards same visual weight`
          }
          ends={['Same width', 'Same visual weight']}
          onChange={(balance) => set({ balance })}
        />
      </div>
    </div>
  );
}
