import { useState, type ReactNode } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import { COLOUR_PRESETS } from './catalogue';

interface ColourPaletteProps {
  label: string;
  icon: ReactNode;
  /** The colour under the cursor ('' for none). */
  value: string;
  /** Shown on the bar under the icon when there is no colour. */
  emptyBar: string;
  disabled: boolean;
  onPick(hex: string): void;
  onClear(): void;
}

/**
 * The colour buttons' panel: KindEditor's palette, "no colour", and the browser's own picker for any
 * other colour. Lighter than antd's ColorPicker (about 26 KB gzip less in the editor chunk).
 */
export function ColourPalette({ label, icon, value, emptyBar, disabled, onPick, onClear }: ColourPaletteProps) {
  const [open, setOpen] = useState(false);
  const pick = (hex: string) => {
    setOpen(false);
    onPick(hex.toLowerCase());
  };
  const panel = (
    <div className="dl-rte-palette" role="group" aria-label={label}>
      <div className="dl-rte-swatches">
        {COLOUR_PRESETS.map((hex) => (
          <button
            key={hex}
            type="button"
            className={value.toLowerCase() === hex.toLowerCase() ? 'dl-rte-swatch is-current' : 'dl-rte-swatch'}
            style={{ background: hex }}
            aria-label={hex}
            title={hex}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(hex)}
          />
        ))}
      </div>
      <div className="dl-rte-palette-actions">
        <Button
          size="small"
          type="link"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(false);
            onClear();
          }}
        >
          无颜色
        </Button>
        <label className="dl-rte-custom-colour">
          自定义
          <input type="color" aria-label="自定义颜色" value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'} onChange={(event) => pick(event.target.value)} />
        </label>
      </div>
    </div>
  );
  return (
    <Popover content={panel} trigger="click" open={open && !disabled} onOpenChange={setOpen} placement="bottomLeft" arrow={false}>
      <Tooltip title={label} mouseEnterDelay={0.4}>
        <Button type="text" size="small" className="dl-rte-button dl-rte-colour" aria-label={label} aria-haspopup="dialog" disabled={disabled}>
          {icon}
          <span className="dl-rte-colour-bar" style={{ background: value || emptyBar }} />
        </Button>
      </Tooltip>
    </Popover>
  );
}
