import { Fragment, useId } from 'react';
import { ChevronDown, Component, Quote, Sparkles, type LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import {
  ATTRIBUTION_COPY_FORMATS,
  COMPONENT_FORMATS,
  RASTER_COPY_FORMATS,
  SVG_CODE_FORMATS,
  type CopyFormat,
} from '../copy/copy-formats.ts';
import { cn } from '#client/lib/cn.ts';

function FormatItem({
  icon: Icon,
  label,
  hint,
  onSelect,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  onSelect: () => void;
}) {
  const hintId = useId();
  return (
    // The hint describes the item rather than naming it, so 'React component' is its whole name.
    <DropdownMenuItem onSelect={onSelect} aria-describedby={hintId}>
      <Icon aria-hidden />
      <span className="flex-1 whitespace-nowrap">{label}</span>
      <span id={hintId} aria-hidden className="text-xs whitespace-nowrap text-muted-foreground">
        {hint}
      </span>
    </DropdownMenuItem>
  );
}

/**
 * Every framework's component, React's included, in one row where 'React component' was, so the
 * menu stays short enough to fit beside its trigger; the arrow keys go through them in order. Each
 * item is named 'React component', 'Vue component' and so on, its visible word first.
 */
function ComponentRow({ onCopy }: { onCopy: (copy: CopyFormat) => void }) {
  return (
    <div className="flex items-center gap-0.5 pl-2.5">
      <Component aria-hidden className="mr-1 size-4 shrink-0 text-muted-foreground" />
      {COMPONENT_FORMATS.map(({ id, label, name, hint }) => (
        <DropdownMenuItem
          key={id}
          aria-label={name}
          title={hint}
          onSelect={() => onCopy({ kind: 'code', format: id })}
          className="flex-auto justify-center px-1.5 whitespace-nowrap"
        >
          {label}
        </DropdownMenuItem>
      ))}
    </div>
  );
}

/**
 * The chevron beside Copy SVG (or Copy image): every other way to copy the logo. An SVG's code
 * formats, or a raster logo's picture and data URI, are Premium; the credit line is for everyone.
 * Arrow keys move, Enter copies, Esc closes.
 */
export function CopyMenu({
  title,
  svg,
  onCopy,
  size,
  variant,
  className,
}: {
  /** The logo's title, so each card's menu button has its own name. */
  title: string;
  /** An SVG file (code formats) or a raster one (the picture and its data URI). */
  svg: boolean;
  onCopy: (copy: CopyFormat) => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const codeLabelId = useId();
  const creditLabelId = useId();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size={size}
          variant={variant}
          aria-label={`More copy formats for ${title}`}
          title="More copy formats"
          className={cn('px-2', className)}
        >
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80">
        <DropdownMenuGroup aria-labelledby={codeLabelId}>
          <DropdownMenuLabel id={codeLabelId}>
            {svg ? 'Copy code' : 'Copy image'}
            <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-[0.6875rem] font-semibold text-link">
              <Sparkles aria-hidden className="size-3" />
              Premium
            </span>
          </DropdownMenuLabel>
          {svg
            ? SVG_CODE_FORMATS.map((format) => (
                <Fragment key={format.id}>
                  {format.id === 'react' ? (
                    <ComponentRow onCopy={onCopy} />
                  ) : (
                    <FormatItem
                      icon={format.icon}
                      label={format.label}
                      hint={format.hint}
                      onSelect={() => onCopy({ kind: 'code', format: format.id })}
                    />
                  )}
                </Fragment>
              ))
            : RASTER_COPY_FORMATS.map((format) => (
                <FormatItem
                  key={format.id}
                  icon={format.icon}
                  label={format.label}
                  hint={format.hint}
                  onSelect={() => onCopy({ kind: 'raster', format: format.id })}
                />
              ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-labelledby={creditLabelId}>
          <DropdownMenuLabel id={creditLabelId}>
            <Quote aria-hidden className="size-3.5" />
            Copy attribution
            <span className="ml-auto font-normal">Free for everyone</span>
          </DropdownMenuLabel>
          {/* One row, so the whole menu fits above or below its trigger on a laptop screen;
              the arrow keys still go through the three in order. */}
          <div className="flex gap-1">
            {ATTRIBUTION_COPY_FORMATS.map(({ id, label, icon: Icon }) => (
              <DropdownMenuItem
                key={id}
                onSelect={() => onCopy({ kind: 'attribution', format: id })}
                className="flex-auto justify-center gap-1.5 px-1.5 whitespace-nowrap"
              >
                <Icon aria-hidden />
                {label}
              </DropdownMenuItem>
            ))}
          </div>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
